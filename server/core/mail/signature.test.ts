import { describe, expect, it } from "vitest";
import { senderWithName, signMail } from "./signature.ts";

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

describe("the shop's signature on every e-mail", () => {
  it("sends in the shop's name from MAIL_FROM's address, quotes and line breaks taken out", () => {
    expect(senderWithName("Loja <nao-responder@loja.pt>", shop.shopName)).toBe(
      '"Açores & Companhia" <nao-responder@loja.pt>',
    );
    expect(senderWithName("avisos@loja.pt", "Loja\r\nBcc: x@y.pt")).toBe('"LojaBcc: x@y.pt" <avisos@loja.pt>');
    expect(senderWithName("Loja <a@loja.pt>", '  "" ')).toBe("Loja <a@loja.pt>");
  });

  it("adds the legal identity under the text and, escaped, under the HTML; the rest is unchanged", () => {
    const message = { from: "Loja <a@loja.pt>", to: "b@c.pt", subject: "Olá", text: "Corpo.", html: "<p>Corpo.</p>" };
    const signed = signMail(message, shop);
    expect(signed.to).toBe("b@c.pt");
    expect(signed.subject).toBe("Olá");
    expect(signed.text).toBe(
      'Corpo.\n\n-- \nAçores & "Companhia"\nAçores & Companhia, Lda. · NIPC 516789015\n' +
        "Rua do Mercado, 3, 9500-321 Ponta Delgada\nola@acores.pt · 296 000 000\n",
    );
    expect(signed.html!.startsWith("<p>Corpo.</p><hr")).toBe(true);
    expect(signed.html).toContain(
      "Açores &amp; &quot;Companhia&quot;<br>Açores &amp; Companhia, Lda. · NIPC 516789015",
    );
    expect(signMail({ ...message, html: undefined }, shop).html).toBeUndefined();
  });
});
