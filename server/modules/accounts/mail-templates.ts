import { createElement as h } from "react";
import { MailLink, Paragraph, greeted } from "#server/core/mail/layout.ts";

/* The HTML content of the account e-mails (mails.ts has their subjects and text parts; core/mail/layout.ts the rest). */

export function VerificationMail(p: { shop: string; name: string; link: string }) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      `Obrigado por se registar na ${p.shop}. Para ativar a sua conta, clique no link abaixo (válido durante 24 horas):`,
    ),
    h(Paragraph, null, h(MailLink, { href: p.link }, "Confirmar email")),
    h(Paragraph, null, "Se não foi você, ignore este email."),
  );
}

export function WelcomeMail(p: { shop: string; name: string; publicUrl: string }) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      `Bem-vindo à ${p.shop}! Pode ver os nossos artigos em `,
      h(MailLink, { href: p.publicUrl }, p.publicUrl),
      ".",
    ),
  );
}

export function PasswordResetMail(p: { shop: string; name: string; link: string }) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      `Recebemos um pedido para redefinir a palavra-passe da sua conta na ${p.shop}. Para escolher uma nova, ` +
        "clique no link abaixo (válido durante 1 hora e apenas uma vez):",
    ),
    h(Paragraph, null, h(MailLink, { href: p.link }, "Redefinir palavra-passe")),
    h(Paragraph, null, "Se não foi você, ignore este email: a sua palavra-passe continua a mesma."),
  );
}

export function SignInLinkMail(p: { shop: string; name: string; link: string; recoverUrl: string }) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      `Recebemos um pedido para entrar na sua conta na ${p.shop} sem palavra-passe. Para entrar, ` +
        "clique na ligação abaixo (válida durante 15 minutos e apenas uma vez):",
    ),
    h(Paragraph, null, h(MailLink, { href: p.link }, "Entrar na minha conta")),
    h(
      Paragraph,
      null,
      "Se não foi você, ignore este email: ninguém entra na sua conta sem esta ligação. Se recebe muitos destes " +
        "pedidos, alguém pode estar a tentar adivinhar a sua palavra-passe: ",
      h(MailLink, { href: p.recoverUrl }, "escolha uma nova"),
      ".",
    ),
  );
}

export function PasswordChangedMail(p: { shop: string; name: string; recoverUrl: string }) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      `A palavra-passe da sua conta na ${p.shop} acabou de ser redefinida e todas as sessões abertas foram terminadas.`,
    ),
    h(Paragraph, null, "Se não foi você, ", h(MailLink, { href: p.recoverUrl }, "peça já uma nova palavra-passe"), "."),
  );
}

export function AccountDeletedMail(p: { shop: string; name: string; kept: string; contactUrl: string }) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      `A sua conta na ${p.shop} foi eliminada a seu pedido e já não é possível iniciar sessão com ela.`,
    ),
    h(Paragraph, null, p.kept),
    h(Paragraph, null, "Se não foi você, ", h(MailLink, { href: p.contactUrl }, "contacte-nos"), "."),
  );
}
