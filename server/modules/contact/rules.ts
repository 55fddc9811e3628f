/**
 * The contact form's limits and texts, shared by the zod schema (schemas.ts) and the /contato page (no zod here:
 * the storefront imports this module).
 */

export const CONTACT_LIMITS = {
  nameMax: 120,
  emailMax: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Indique o seu nome.",
  nameTooLong: `O nome pode ter no máximo ${CONTACT_LIMITS.nameMax} caracteres.`,
  emailRequired: "Indique o seu email.",
  emailInvalid: "Email inválido.",
  messageRequired: "Escreva a sua mensagem.",
  messageTooShort: `A mensagem deve ter pelo menos ${CONTACT_LIMITS.messageMin} caracteres.`,
  messageTooLong: `A mensagem pode ter no máximo ${CONTACT_LIMITS.messageMax} caracteres.`,
  invalidBody: "Pedido inválido.",
  tooMany: "Enviou demasiadas mensagens. Aguarde alguns minutos e tente novamente.",
  sent: "Mensagem enviada com sucesso!",
  failed: "Não foi possível enviar a mensagem. Tente novamente.",
  invalidId: "ID da mensagem inválido.",
  notFound: "Mensagem não encontrada.",
  handled: "Mensagem marcada como tratada.",
} as const;

/** The form's fields, in the order the page shows them (the API's body keys). */
export const CONTACT_FIELDS = ["nome", "email", "mensagem"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
