import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { Hello, MailLink, Paragraph, renderMail } from "./layout.ts";
import { signMail } from "./signature.ts";

const shop = {
  shopName: 'Açores & "Companhia"',
  legalName: "Açores & Companhia, Lda.",
  nipc: "516789015",
  address: "Rua do Mercado, 3",
  postalCode: "9500-321",
  city: "Ponta Delgada",
  email: "ola@acores.pt",
  phone: "296 000 000",
};

const message = (html: string) => ({ from: "Loja <a@loja.pt>", to: "b@c.pt", subject: "Olá", text: "Corpo.", html });

describe("the one layout of every e-mail", () => {
  it("is a whole HTML document whose header and foot are filled with the shop of the moment it leaves", () => {
    const html = renderMail(h(Paragraph, null, "Corpo do email."));
    expect(html).toMatch(/^<!DOCTYPE html[^>]*><html dir="ltr" lang="pt-PT">/);
    expect(html).toContain("Corpo do email.");
    expect(html).not.toContain("Açores");

    const signed = signMail(message(html), shop);
    expect(signed.text).toBe(
      'Corpo.\n\n-- \nAçores & "Companhia"\nAçores & Companhia, Lda. · NIPC 516789015\n' +
        "Rua do Mercado, 3, 9500-321 Ponta Delgada\nola@acores.pt · 296 000 000\n",
    );
    const out = signed.html!;
    expect(out).not.toContain("data-mail-slot");
    const name = out.indexOf("Açores &amp; &quot;Companhia&quot;</p>");
    const body = out.indexOf("Corpo do email.");
    const signature = out.indexOf(
      "Açores &amp; &quot;Companhia&quot;<br/>Açores &amp; Companhia, Lda. · NIPC 516789015<br/>" +
        "Rua do Mercado, 3, 9500-321 Ponta Delgada<br/>ola@acores.pt · 296 000 000</p>",
    );
    expect(name).toBeGreaterThan(0);
    expect(body).toBeGreaterThan(name);
    expect(signature).toBeGreaterThan(body);
    expect(out.endsWith("</body></html>")).toBe(true);
  });

  it("escapes every value a module passes, so neither markup nor a slot can be injected", () => {
    const evil = '<script>alert(1)</script><span data-mail-slot="signature"></span>';
    const html = renderMail(
      h(
        "div",
        null,
        h(Hello, { name: evil }),
        h(Paragraph, null, h(MailLink, { href: `https://x.pt/?a="><img src=x onerror=alert(1)>` }, evil)),
      ),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('href="https://x.pt/?a=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');

    const signed = signMail(message(html), shop).html!;
    // The layout's own two slots are filled; the injected one stays text.
    expect(signed.match(/NIPC 516789015/g)).toHaveLength(1);
    expect(signed).toContain("&lt;span data-mail-slot=&quot;signature&quot;&gt;&lt;/span&gt;");
  });
});
