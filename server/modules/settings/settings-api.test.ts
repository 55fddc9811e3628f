import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "#server/core/db/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { shopSettings } from "./schema.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { CALLBACK_KEY, checkout, delivery, paidConfirmationMail, seedProduct } from "#tests/support/orders.ts";
import { defaultSettings, type ShopSettings } from "./schemas.ts";

/*
 * GET/PUT /api/settings (admin only), and a change applied without a restart: the same running app prices the
 * next quote and order with the new delivery prices and signs the next e-mail with the new legal name.
 */

let t: TestApp;
let admin: Session;
let buyer: Session;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY, MB_ENTITY: "12345", MB_SUBENTITY: "123" });
  admin = await signIn(t, "admin");
  buyer = await signIn(t, "cliente");
});
afterAll(() => t.close());

const put = (body: unknown, session: Session | null = admin) =>
  t.app.inject({ method: "PUT", url: "/api/settings", headers: session?.headers, payload: body as object });
const stored = async () => (await t.db.select().from(shopSettings))[0]?.data as ShopSettings | undefined;
const changed = (edit: (s: ShopSettings) => void) => {
  const s = structuredClone(defaultSettings(t.config.shipping));
  edit(s);
  return s;
};

describe("settings API", () => {
  it("is admin only: 401 without a session, 403 for a cliente, and nothing is saved", async () => {
    for (const [session, status] of [
      [null, 401],
      [buyer, 403],
    ] as const) {
      expect((await t.app.inject({ url: "/api/settings", headers: session?.headers })).statusCode).toBe(status);
      const res = await put(
        changed((s) => (s.identity.shopName = "Intrusa")),
        session,
      );
      expect(res.statusCode).toBe(status);
    }
    expect(await stored()).toBeUndefined();
  });

  it("reads the defaults, with the delivery prices of the environment, before anything is saved", async () => {
    const res = await t.app.inject({ url: "/api/settings", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultSettings(t.config.shipping));
    expect(res.json().delivery.mainlandCents).toBe(t.config.shipping.mainlandCents);
  });

  it.each<[string, (s: ShopSettings) => void, string, string]>([
    ["a NIPC with a wrong check digit", (s) => (s.identity.nipc = "509999998"), "/identity/nipc", "NIPC inválido."],
    ["a NIPC with a wrong first digit", (s) => (s.identity.nipc = "409999990"), "/identity/nipc", "NIPC inválido."],
    ["a NIPC of 8 digits", (s) => (s.identity.nipc = "50999999"), "/identity/nipc", "O NIPC tem 9 dígitos."],
    ["an empty legal name", (s) => (s.identity.legalName = "  "), "/identity/legalName", "Campo obrigatório."],
    [
      "a postal code without its dash",
      (s) => (s.identity.postalCode = "1100148"),
      "/identity/postalCode",
      "Código postal no formato 0000-000.",
    ],
    ["a bad e-mail", (s) => (s.identity.email = "apoio-loja.pt"), "/identity/email", "Email inválido"],
    [
      "a social link over http",
      (s) => (s.identity.instagram = "http://instagram.com/x"),
      "/identity/instagram",
      "Indique um endereço que comece por https://.",
    ],
    [
      "a negative delivery price",
      (s) => (s.delivery.mainlandCents = -1),
      "/delivery/mainlandCents",
      "O valor não pode ser negativo.",
    ],
    [
      "euros instead of cents",
      (s) => (s.delivery.fastCents = 2.5),
      "/delivery/fastCents",
      "Indique um valor em cêntimos.",
    ],
    [
      "an IVA rate over 100 %",
      (s) => (s.vat.rates.madeira.normal = 10_001),
      "/vat/rates/madeira/normal",
      "Taxa inválida.",
    ],
    [
      "an exemption code not like M00",
      (s) => (s.vat.defaultExemptionCode = "X1"),
      "/vat/defaultExemptionCode",
      "Código de isenção no formato M00.",
    ],
  ])("refuses %s with the field's pt-PT message and saves nothing", async (_, edit, field, message) => {
    const before = await stored();
    const res = await put(changed(edit));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(message);
    expect(body.details).toContainEqual({ path: field, message });
    expect(await stored()).toEqual(before);
  });

  it("saves a valid NIPC and every field as sent (the row is what GET answers)", async () => {
    const next = changed((s) => {
      s.identity.nipc = "500000000"; // 5·9 = 45, 45 mod 11 = 1: check digit 0
      s.identity.phone = "+351 912 345 678";
      s.vat.rates.acores.intermedia = 950;
      s.delivery.freeDeliveryThresholdCents = 4000;
    });
    const res = await put(next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);
    expect(await stored()).toEqual(next);
    const [row] = await t.db.select().from(shopSettings);
    expect(row!.updatedByUserId).toBe(admin.id);
    expect((await t.app.inject({ url: "/api/settings", headers: admin.headers })).json()).toEqual(next);
  });
});

describe("a settings change applies without a restart", () => {
  it("prices the next quote and order with the new delivery prices and signs the next e-mail with the new name", async () => {
    const a = await seedProduct(t, 1890, 10);
    const b = await seedProduct(t, 735, 10);
    const small = [{ product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 2 }]; // 14,70 €
    const large = [{ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 3 }]; // 56,70 €

    // The running app has read (and cached) the settings before the change.
    await t.services.settings.get();
    const next = changed((s) => {
      s.identity.shopName = "Sabonetes do Norte";
      s.identity.legalName = "Sabonetes do Norte, Unipessoal Lda.";
      s.identity.nipc = "516789015";
      s.delivery = { mainlandCents: 650, islandsCents: 1150, fastCents: 275, freeDeliveryThresholdCents: 5000 };
    });
    expect((await put(next)).statusCode).toBe(200);

    const quote = async (items: object[], postal: string, fast: boolean) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/cart/quote",
          payload: { items, codigo_postal: postal, entrega_rapida: fast },
        })
      ).json();
    expect(await quote(small, "1100-123", false)).toMatchObject({ subtotal: 14.7, portes: 6.5, total: 21.2 });
    expect(await quote(small, "9000-018", true)).toMatchObject({ portes: 14.25, total: 28.95 });
    // From 50 € standard delivery is free; the next-day surcharge is still charged.
    expect(await quote(large, "9500-321", false)).toMatchObject({ subtotal: 56.7, portes: 0, total: 56.7 });
    expect(await quote(large, "1100-123", true)).toMatchObject({ portes: 2.75, total: 59.45 });

    const placed = await checkout(t, buyer.headers, { items: small });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order_id as number;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.shippingCents).toBe(650);
    expect(row!.totalCents).toBe(2 * 735 + 650);

    const free = await checkout(t, buyer.headers, {
      items: large,
      dados_entrega: { ...delivery, entrega_rapida: true },
    });
    const [freeRow] = await t.db.select().from(orders).where(eq(orders.id, free.json().order_id));
    expect(freeRow!.shippingCents).toBe(275);
    expect(freeRow!.totalCents).toBe(3 * 1890 + 275);

    // The confirmation of the payment, delivered as the running shop's mail job does (signed from the settings).
    const mail = await paidConfirmationMail(t, orderId);
    expect(mail.subject).toBe(`Pagamento recebido: encomenda #${orderId}`);
    expect(mail.from).toBe(`Sabonetes do Norte <${t.config.mailFrom.replace(/^.*<|>$/g, "")}>`);
    expect(mail.text).toMatch(/Portes: 6,50\s€/);
    expect(mail.text).toContain("Sabonetes do Norte, Unipessoal Lda. · NIPC 516789015");
    expect(mail.html).toContain("Sabonetes do Norte, Unipessoal Lda. · NIPC 516789015");
    expect(mail.text).not.toContain("Loja, Lda.");

    // Account e-mails name the shop as its settings do, from the next one on.
    const email = `nova-${Date.now()}@exemplo.pt`;
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "Nova Cliente", email, password: "sabonete-azul-2026" },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [verification] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(verification!.subject).toBe("Confirme o seu email na Sabonetes do Norte");
    expect(verification!.text).toContain("Obrigado por se registar na Sabonetes do Norte.");
  });
});
