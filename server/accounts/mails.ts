import { escapeHtml } from "../mail/escape.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

export function verificationMail(name: string, to: string, link: string): OutgoingMail {
  return {
    to,
    kind: "verify-email",
    subject: "Confirme o seu email na Loja",
    text:
      `Olá ${name},\n\nObrigado por se registar na Loja. Para ativar a sua conta, abra este link ` +
      `(válido durante 24 horas):\n\n${link}\n\nSe não foi você, ignore este email.\n`,
    html:
      `<p>Olá ${escapeHtml(name)},</p><p>Obrigado por se registar na Loja. Para ativar a sua conta, ` +
      `clique no link abaixo (válido durante 24 horas):</p><p><a href="${escapeHtml(link)}">Confirmar email</a></p>` +
      `<p>Se não foi você, ignore este email.</p>`,
  };
}

export function alreadyRegisteredMail(to: string, publicUrl: string): OutgoingMail {
  return {
    to,
    kind: "already-registered",
    subject: "Já tem conta na Loja",
    text:
      `Olá,\n\nAlguém tentou criar uma conta na Loja com este email, mas já existe uma conta associada. ` +
      `Pode iniciar sessão em ${publicUrl}/login.\n\nSe não foi você, ignore este email.\n`,
  };
}

export function welcomeMail(name: string, to: string, publicUrl: string): OutgoingMail {
  return {
    to,
    kind: "welcome",
    subject: "Bem-vindo à Loja",
    text: `Olá ${name},\n\nBem-vindo à Loja! Pode ver os nossos artigos em ${publicUrl}.\n`,
    html: `<p>Olá ${escapeHtml(name)},</p><p>Bem-vindo à Loja! Pode ver os nossos artigos em <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a>.</p>`,
  };
}
