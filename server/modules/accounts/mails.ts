import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import {
  AccountDeletedMail,
  PasswordChangedMail,
  PasswordResetMail,
  SignInLinkMail,
  VerificationMail,
  WelcomeMail,
} from "./mail-templates.ts";

// Each mail names the shop as its settings call it (`shop`: settings' identity.shopName, read when the mail is queued).

export function verificationMail(shop: string, name: string, to: string, link: string): OutgoingMail {
  return {
    to,
    kind: "verify-email",
    subject: `Confirme o seu email na ${shop}`,
    text:
      `Olá ${name},\n\nObrigado por se registar na ${shop}. Para ativar a sua conta, abra este link ` +
      `(válido durante 24 horas):\n\n${link}\n\nSe não foi você, ignore este email.\n`,
    html: renderMail(h(VerificationMail, { shop, name, link })),
  };
}

export function alreadyRegisteredMail(shop: string, to: string, publicUrl: string): OutgoingMail {
  return {
    to,
    kind: "already-registered",
    subject: `Já tem conta na ${shop}`,
    text:
      `Olá,\n\nAlguém tentou criar uma conta na ${shop} com este email, mas já existe uma conta associada. ` +
      `Pode iniciar sessão em ${publicUrl}/login.\n\nSe não foi você, ignore este email.\n`,
  };
}

export function welcomeMail(shop: string, name: string, to: string, publicUrl: string): OutgoingMail {
  return {
    to,
    kind: "welcome",
    subject: `Bem-vindo à ${shop}`,
    text: `Olá ${name},\n\nBem-vindo à ${shop}! Pode ver os nossos artigos em ${publicUrl}.\n`,
    html: renderMail(h(WelcomeMail, { shop, name, publicUrl })),
  };
}

/** "Esqueceu-se da palavra-passe?": the single-use link, valid for one hour. */
export function passwordResetMail(shop: string, name: string, to: string, link: string): OutgoingMail {
  return {
    to,
    kind: "password-reset",
    subject: `Redefinir a sua palavra-passe na ${shop}`,
    text:
      `Olá ${name},\n\nRecebemos um pedido para redefinir a palavra-passe da sua conta na ${shop}. Para escolher uma nova, ` +
      `abra este link (válido durante 1 hora e apenas uma vez):\n\n${link}\n\n` +
      `Se não foi você, ignore este email: a sua palavra-passe continua a mesma.\n`,
    html: renderMail(h(PasswordResetMail, { shop, name, link })),
  };
}

/** 'Enviar ligação de acesso': a single-use sign-in link, valid for 15 minutes. */
export function signInLinkMail(shop: string, name: string, to: string, link: string): OutgoingMail {
  return {
    to,
    kind: "sign-in-link",
    subject: `A sua ligação de acesso à ${shop}`,
    text:
      `Olá ${name},\n\nRecebemos um pedido para entrar na sua conta na ${shop} sem palavra-passe. Para entrar, ` +
      `abra esta ligação (válida durante 15 minutos e apenas uma vez):\n\n${link}\n\n` +
      `Se não foi você, ignore este email: ninguém entra na sua conta sem esta ligação. Se recebe muitos destes ` +
      `pedidos, alguém pode estar a tentar adivinhar a sua palavra-passe: escolha uma nova em ${recoverPage(link)}.\n`,
    html: renderMail(h(SignInLinkMail, { shop, name, link, recoverUrl: recoverPage(link) })),
  };
}

const recoverPage = (link: string) => `${new URL(link).origin}/recuperar-palavra-passe`;

/** After a reset: tells the owner, in case someone else did it. */
export function passwordChangedMail(shop: string, name: string, to: string, publicUrl: string): OutgoingMail {
  const recover = `${publicUrl}/recuperar-palavra-passe`;
  return {
    to,
    kind: "password-changed",
    subject: `A sua palavra-passe da ${shop} foi alterada`,
    text:
      `Olá ${name},\n\nA palavra-passe da sua conta na ${shop} acabou de ser redefinida e todas as sessões abertas ` +
      `foram terminadas.\n\nSe não foi você, peça já uma nova palavra-passe em ${recover}.\n`,
    html: renderMail(h(PasswordChangedMail, { shop, name, recoverUrl: recover })),
  };
}

/** 'Eliminar conta': the last mail to the old address, confirming what was erased and what is kept. */
export function accountDeletedMail(shop: string, name: string, to: string, publicUrl: string): OutgoingMail {
  const contact = `${publicUrl}/contato`;
  const kept =
    "Por obrigação legal (contabilidade e faturação), guardamos durante 10 anos os dados de faturação das suas " +
    "encomendas: nome, morada de entrega, artigos e pagamentos. O telefone e os restantes dados da conta foram apagados.";
  return {
    to,
    kind: "account-deleted",
    subject: `A sua conta na ${shop} foi eliminada`,
    text:
      `Olá ${name},\n\nA sua conta na ${shop} foi eliminada a seu pedido e já não é possível iniciar sessão com ela.\n\n` +
      `${kept}\n\nSe não foi você, contacte-nos em ${contact}.\n`,
    html: renderMail(h(AccountDeletedMail, { shop, name, kept, contactUrl: contact })),
  };
}
