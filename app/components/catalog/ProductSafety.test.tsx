import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSafety as Safety } from "#server/modules/catalog/safety/rules.ts";
import { defaultSettings, type PublicShop, type ShopSettings } from "#server/modules/settings/schemas.ts";
import { PUBLIC_LAYOUT_ID } from "#app/lib/shop.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createProduct, signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { ProductSafety } from "./ProductSafety.tsx";

/*
 * The product page's 'Informação de segurança' from what the API answers: a product's own values where it has them,
 * the shop's identity of /definicoes (as the public layout hands it to the page) where it has not.
 */

let t: TestApp;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "admin")).headers;
});
afterAll(() => t.close());

/** The section as the server renders it, under a public layout whose loader data holds `shop`. */
function rendered(safety: Safety | undefined, shop: PublicShop): string {
  const Page = createRoutesStub([
    {
      id: PUBLIC_LAYOUT_ID,
      path: "/",
      Component: Outlet,
      children: [{ path: "produto/:id", Component: () => <ProductSafety safety={safety} /> }],
    },
  ]);
  return renderToString(
    <Page initialEntries={["/produto/1"]} hydrationData={{ loaderData: { [PUBLIC_LAYOUT_ID]: { shop } } }} />,
  );
}

/** The text of the section's rows: "Fabricante: …", each on its own line. */
function rows(html: string): string[] {
  return [...html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
    ([, term, value]) => `${term}: ${value!.replace(/<br\/?>/g, " / ").replace(/<[^>]+>/g, "")}`,
  );
}

const productSafety = async (id: number): Promise<Safety> =>
  (await t.app.inject({ method: "GET", url: `/api/product/${id}` })).json().seguranca;
const shopNow = async (): Promise<PublicShop> => {
  const s = (await t.app.inject({ method: "GET", url: "/api/settings", headers: admin })).json() as ShopSettings;
  return { identity: s.identity, delivery: s.delivery };
};

describe("the product page's safety information", () => {
  it("shows the shop's identity for a product without its own values, and follows a change of identity", async () => {
    const id = await createProduct(t, admin);
    const html = rendered(await productSafety(id), await shopNow());
    expect(html).toContain("Informação de segurança");
    expect(rows(html)).toEqual([
      "Fabricante: Loja, Lda.",
      "Morada: Rua do Comércio, 1, 1100-148 Lisboa, Portugal",
      "Contacto: apoio@loja.pt",
    ]);
    expect(html).toContain('href="mailto:apoio@loja.pt"');
    expect(html).toMatch(/Garantia legal de 3 anos<\/strong> a contar da entrega\s*\(Decreto-Lei n\.º 84\/2021\)/);

    const next = structuredClone(defaultSettings(t.config.shipping));
    next.identity.legalName = "Atelier Azul, Lda.";
    next.identity.email = "geral@atelierazul.pt";
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/settings", headers: admin, payload: next })).statusCode,
    ).toBe(200);
    await expect
      .poll(async () => rows(rendered(await productSafety(id), await shopNow()))[0])
      .toBe("Fabricante: Atelier Azul, Lda.");
    expect(rows(rendered(await productSafety(id), await shopNow()))[2]).toBe("Contacto: geral@atelierazul.pt");
  });

  it("shows the product's own values, the EU responsible person, identifiers and warnings", async () => {
    const id = await createProduct(t, admin, {
      fabricante_nome: "Shenzhen Mugs Co.",
      fabricante_morada: "1 Ceramics Road, Shenzhen, China",
      fabricante_contacto: "https://mugs.example.cn",
      fabricante_fora_ue: "1",
      responsavel_ue_nome: "Importadora Lusa, Lda.",
      responsavel_ue_morada: "Av. da Liberdade, 10, 1250-144 Lisboa",
      tipo_modelo: "CAN-330",
      lote: "L2026-11",
      ean: "4006381333931",
      avisos: "Não adequado a micro-ondas.",
    });
    const html = rendered(await productSafety(id), await shopNow());
    expect(rows(html)).toEqual([
      "Fabricante: Shenzhen Mugs Co.",
      "Morada: 1 Ceramics Road, Shenzhen, China",
      "Contacto: https://mugs.example.cn",
      "Responsável na UE: Importadora Lusa, Lda. / Av. da Liberdade, 10, 1250-144 Lisboa",
      "Tipo / modelo: CAN-330",
      "Lote: L2026-11",
      "EAN: 4006381333931",
      "Avisos: Não adequado a micro-ondas.",
    ]);
    expect(html).toContain('href="https://mugs.example.cn"');
  });
});
