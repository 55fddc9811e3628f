import { escapeHtml } from "./escape.ts";
import { fillLayout } from "./layout.ts";
import type { MailMessage } from "./transport.ts";

/*
 * Who the shop is, at the foot of every e-mail and as the sender's name: read from the shop's settings
 * (/definicoes) when the mail leaves, so a renamed shop or a new legal name applies to the next mail without a
 * restart and no mail module writes the shop's identity by hand.
 */

/** The settings' identity fields an e-mail shows (server/modules/settings/schemas.ts `identity`). */
export interface MailShop {
  shopName: string;
  legalName: string;
  nipc: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
}

/** "Loja <nao-responder@loja.pt>" with the shop's name as the display name; the address stays MAIL_FROM's. */
export function senderWithName(from: string, name: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  // Quoted display name: commas or dots in a shop's name must not split the header; nodemailer encodes accents.
  const safe = name.replace(/["\\\r\n]/g, "").trim();
  return safe ? `"${safe}" <${address}>` : from;
}

function signatureLines(shop: MailShop): string[] {
  return [
    shop.shopName,
    `${shop.legalName} · NIPC ${shop.nipc}`,
    `${shop.address}, ${shop.postalCode} ${shop.city}`,
    [shop.email, shop.phone].filter(Boolean).join(" · "),
  ];
}

/** A mail queued before the layout (layout.ts) existed: the signature goes under its HTML, as it did then. */
const appendSignature = (html: string, lines: string[]) =>
  `${html}<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 12px">` +
  `<p style="color:#555;font-size:13px;line-height:1.5">${lines.map(escapeHtml).join("<br>")}</p>`;

/**
 * The message with the shop's signature under its text and at the foot of its HTML (the layout's header shows the
 * shop's name), sent in the shop's name.
 */
export function signMail(message: MailMessage, shop: MailShop): MailMessage {
  const lines = signatureLines(shop);
  const html =
    message.html === undefined
      ? undefined
      : (fillLayout(message.html, { name: shop.shopName, signature: lines }) ?? appendSignature(message.html, lines));
  return {
    ...message,
    from: senderWithName(message.from, shop.shopName),
    text: `${message.text}\n\n-- \n${lines.join("\n")}\n`,
    ...(html !== undefined ? { html } : {}),
  };
}
