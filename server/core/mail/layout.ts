import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement as h, type CSSProperties, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/*
 * The one layout of every e-mail's HTML part: the shop's name at the top, the mail module's content, the shop's
 * signature at the foot. React Email components rendered to static markup, so every value a module passes is escaped
 * by React (no module writes HTML by hand). Written with createElement, not JSX: server code runs as .ts through
 * Node's type stripping, which does not compile JSX.
 *
 * The shop's name and signature come from the settings of the moment the mail leaves (signature.ts), not of the
 * moment it was queued: the layout carries two empty slots that the worker fills. A slot is markup no content can
 * forge, since React escapes "<" in every text and attribute a module supplies.
 *
 * Rendered synchronously with react-dom's renderToStaticMarkup (React Email's own render() is asynchronous and puts
 * "<!-- -->" between adjacent texts): the mail functions stay synchronous and their HTML stays plain.
 */

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MUTED = "#555";

type SlotName = "shop" | "signature";
const slot = (name: SlotName) => h("span", { "data-mail-slot": name });
const SLOTS = /<span data-mail-slot="(shop|signature)"><\/span>/g;

function MailLayout({ children }: { children: ReactNode }) {
  return h(
    Html,
    { lang: "pt-PT" },
    h(Head),
    h(
      Body,
      { style: { backgroundColor: "#f4f4f5", margin: 0, padding: "24px 0", fontFamily: FONT, color: "#1f2937" } },
      h(
        Container,
        { style: { backgroundColor: "#ffffff", padding: "24px 32px", fontSize: "15px", lineHeight: "1.5" } },
        h(Section, { style: { paddingBottom: "8px", borderBottom: "2px solid #1f2937" } }, slot("shop")),
        h(Section, { style: { paddingTop: "8px" } }, children),
        slot("signature"),
      ),
    ),
  );
}

/** The whole HTML part of an e-mail: the layout around a module's content, the shop's name and signature to fill. */
export function renderMail(content: ReactNode): string {
  return DOCTYPE + renderToStaticMarkup(h(MailLayout, null, content));
}

/** The header's shop name. */
function ShopName({ name }: { name: string }) {
  return h(
    Text,
    { style: { marginTop: 0, marginBottom: 0, fontSize: "20px", fontWeight: "bold", lineHeight: "1.4" } },
    name,
  );
}

/** The foot of every mail: who the shop is, one line each. */
function Signature({ lines }: { lines: string[] }) {
  return h(
    "div",
    null,
    h(Hr, { style: { border: 0, borderTop: "1px solid #ddd", margin: "24px 0 12px" } }),
    h(
      Text,
      { style: { marginTop: 0, marginBottom: 0, color: MUTED, fontSize: "13px", lineHeight: "1.5" } },
      lines.flatMap((line, i) => (i === 0 ? [line] : [h("br", { key: i }), line])),
    ),
  );
}

/**
 * The layout's slots filled with the shop's name and signature lines; null when `html` is not a layout (a mail queued
 * before the layout existed, or a hand-written fragment), which the caller signs the old way.
 */
export function fillLayout(html: string, shop: { name: string; signature: string[] }): string | null {
  if (!html.match(SLOTS)) return null;
  const filled: Record<SlotName, string> = {
    shop: renderToStaticMarkup(h(ShopName, { name: shop.name })),
    signature: renderToStaticMarkup(h(Signature, { lines: shop.signature })),
  };
  return html.replace(SLOTS, (_, name: SlotName) => filled[name]);
}

/* The content's building blocks, in the layout's type. */

/** A paragraph of the mail's body. */
export function Paragraph({ children, style }: { children?: ReactNode; style?: CSSProperties }) {
  return h(
    Text,
    { style: { marginTop: 0, marginBottom: "16px", fontSize: "15px", lineHeight: "1.5", ...style } },
    children,
  );
}

/** A plain link (mail clients give it their link colour). */
export function MailLink({ href, children }: { href: string; children?: ReactNode }) {
  return h("a", { href }, children);
}

/** Label and value pairs, e.g. the reference to pay or the facts of a payment, values in bold. */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return h(
    "table",
    { role: "presentation", style: { borderCollapse: "collapse", margin: "0 0 16px", fontSize: "16px" } },
    h(
      "tbody",
      null,
      rows.map(([label, value], i) =>
        h(
          "tr",
          { key: i },
          h("td", { style: { padding: "4px 16px 4px 0", color: MUTED } }, label),
          h("td", { style: { padding: "4px 0" } }, h("strong", null, value)),
        ),
      ),
    ),
  );
}

/** "Olá Ana,": the first line of most mails. */
export function Hello({ name }: { name: string }) {
  return h(Paragraph, null, `Olá ${name},`);
}

/** A mail's content: "Olá Ana," and then the blocks that follow it. */
export function greeted(name: string, ...content: ReactNode[]) {
  return h(Fragment, null, h(Hello, { name }), ...content);
}
