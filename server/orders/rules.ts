/**
 * Checkout rules and messages without zod, so browser code (the cart page) can use them without
 * shipping the schema library; server/orders/schemas.ts builds the request schemas from them.
 */

export const ORDER_MESSAGES = {
  required: "Por favor, preencha todos os campos obrigatórios.",
  method: "Por favor, selecione um método de pagamento.",
  mbwayPhone: "Introduza um número de telemóvel MB WAY válido.",
  postalCode: "Código postal inválido: use o formato 0000-000.",
  phone: "Telefone inválido: indique 9 algarismos.",
  emptyCart: "O carrinho está vazio.",
  quantity: "Por favor, insira uma quantidade válida.",
  tooManyUnits: "Quantidade máxima por artigo: 99 unidades.",
  tooManyLines: "O carrinho não pode ter mais de 50 artigos diferentes.",
  foreignUser: "Não pode criar encomendas em nome de outro utilizador.",
  productUnknown: "Produto não encontrado",
  /** A hidden, deleted or unknown product, named nowhere (a visitor must not learn what the shop hides). */
  unavailable: "Este produto já não está disponível. Retire-o do carrinho.",
  invalidId: "ID do produto inválido",
  checkoutFailed: "Erro ao finalizar compra!",
} as const;

export const MBWAY_PHONE = /^9[1236]\d{7}$/;
export const MAX_UNITS_PER_LINE = 99;

/** Digits only, without a +351/00351 prefix. */
export const normalisePhone = (raw: string) => raw.replace(/[\s.-]/g, "").replace(/^(\+|00)351/, "");
