import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { checkout, delivery, seedProduct, signIn, type Session } from "#tests/support/factories.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orders } from "./schema.ts";
import { CONSUMIDOR_FINAL_NIF, isValidNif } from "#server/modules/tax/nif.ts";
import { BILLING_MESSAGES, invoiceBuyer, NAMED_BUYER_FROM_CENTS } from "./billing.ts";

/*
 * Issue 14 §1: the NIF and billing data of POST /orders — validated (a bad one changes nothing), stored exactly,
 * shown on the admin order page and in /conta, and offered again by GET /api/users/me/delivery.
 */

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({ MB_ENTITY: "12345", MB_SUBENTITY: "123" });
  admin = await signIn(t, "admin");
});
afterAll(() => t.close());

/**
 * One product of this price with 5 units; POST /orders for one unit with these billing data (by a new account
 * unless one is given: an account may hold only 5 unpaid orders).
 */
async function orderWith(dados_faturacao: unknown, priceCents = 2490, who?: Session) {
  const [
    {
      product,
      variants: [v],
    },
    account,
  ] = await Promise.all([seedProduct(t, priceCents, 5), who ?? signIn(t, "cliente")]);
  const res = await checkout(t, account.headers, {
    ...(dados_faturacao === undefined ? {} : { dados_faturacao }),
    items: [{ product_id: product.id, variant_id: v!.id, quantity: 1 }],
  });
  return { res, variantId: v!.id };
}

const rowOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const billingOf = (row: typeof orders.$inferSelect) => [
  row.billingNif,
  row.billingName,
  row.billingAddress,
  row.billingPostalCode,
  row.billingCity,
];

describe("NIF through POST /orders", () => {
  it("stores a valid NIF, normalised from what people type", async () => {
    // Vectors: people (1, 2), companies (5), two-digit prefixes (45, 98), the vectors of invoicing-pt.md.
    const cases: Array<[string, string]> = [
      ["123456789", "123456789"],
      ["PT 123 456 789", "123456789"],
      ["pt123-456-789", "123456789"],
      [" 501.442.600 ", "501442600"],
      ["248 000 004", "248000004"],
      ["450123456", "450123456"],
    ];
    for (const [typed, stored] of cases) {
      expect(isValidNif(stored), stored).toBe(true);
      const { res } = await orderWith({ nif: typed });
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(201);
      const row = await rowOf(res.json().order_id);
      expect(billingOf(row)).toEqual([stored, null, null, null, null]);
    }
  });

  it("stores null (Consumidor final) for an empty or absent NIF", async () => {
    for (const billing of [undefined, {}, { nif: "" }, { nif: "   " }, { nif: null }]) {
      const { res } = await orderWith(billing);
      expect(res.statusCode, `${JSON.stringify(billing)}: ${res.body}`).toBe(201);
      expect(billingOf(await rowOf(res.json().order_id))).toEqual([null, null, null, null, null]);
    }
  });

  it("refuses a bad NIF with 'NIF inválido.', and no order is written nor stock moved", async () => {
    const bad = [
      "123456780", // check digit
      "501442601", // check digit
      "12345678", // 8 digits
      "1234567890", // 10 digits
      "12345678A", // a letter
      "ABCDEFGHI",
      "412345670", // unknown first digit (4 alone)
      "PT",
      123456789, // not text
    ];
    for (const nif of bad) {
      const before = await t.db.$count(orders);
      const { res, variantId } = await orderWith({ nif });
      expect(res.statusCode, `${nif}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe("NIF inválido.");
      expect(await t.db.$count(orders)).toBe(before);
      const [v] = await t.db.select().from(variants).where(eq(variants.id, variantId));
      expect([v!.stock, v!.reserved]).toEqual([5, 0]);
      expect(await t.db.$count(stockMovements, eq(stockMovements.variantId, variantId))).toBe(0);
    }
  });
});

describe("billing name and address", () => {
  const other = {
    nif: "501442600",
    nome: "  Oficina do Linho, Lda. ",
    morada: "Rua do Comércio, 40",
    codigo_postal: "4050253",
    cidade: "Porto",
  };

  it("stores them exactly as given (trimmed, postal code with its dash), beside the delivery data", async () => {
    const { res } = await orderWith(other);
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res.json().order_id);
    expect(billingOf(row)).toEqual(["501442600", "Oficina do Linho, Lda.", "Rua do Comércio, 40", "4050-253", "Porto"]);
    expect([row.deliveryName, row.deliveryAddress, row.deliveryPostalCode]).toEqual([
      delivery.nome,
      delivery.morada,
      delivery.codigo_postal,
    ]);
  });

  it("asks for the whole address when a billing name (or part of an address) is given", async () => {
    const cases: Array<[object, string]> = [
      [{ nif: other.nif, nome: "Oficina do Linho" }, BILLING_MESSAGES.address],
      [{ nif: other.nif, nome: "Oficina do Linho", morada: "Rua 1", cidade: "Porto" }, BILLING_MESSAGES.postalCode],
      [{ nif: other.nif, morada: "Rua 1", codigo_postal: "4050-253" }, BILLING_MESSAGES.city],
      [{ ...other, codigo_postal: "40-5025" }, "Código postal inválido: use o formato 0000-000."],
      [
        { nif: "", nome: "Sem NIF", morada: "Rua 1", codigo_postal: "4050-253", cidade: "Porto" },
        BILLING_MESSAGES.nifNeeded,
      ],
      [{ ...other, nome: "x".repeat(121) }, "Máximo de 120 caracteres."],
    ];
    expect(BILLING_MESSAGES.address).toBe("Indique a morada de faturação.");
    for (const [billing, message] of cases) {
      const before = await t.db.$count(orders);
      const { res } = await orderWith(billing);
      expect(res.statusCode, JSON.stringify(billing)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await t.db.$count(orders)).toBe(before);
    }
  });

  it("from 1 000 €: the invoice names the buyer with a whole address (the delivery one when no other)", async () => {
    // 1 000,00 € exactly and a Consumidor final: name and address from the delivery data.
    const cf = await orderWith(undefined, NAMED_BUYER_FROM_CENTS);
    expect(cf.res.statusCode, cf.res.body).toBe(201);
    const cfRow = await rowOf(cf.res.json().order_id);
    expect(cfRow.totalCents).toBeGreaterThanOrEqual(NAMED_BUYER_FROM_CENTS);
    expect(invoiceBuyer(cfRow)).toEqual({
      nif: CONSUMIDOR_FINAL_NIF,
      consumidorFinal: true,
      name: cfRow.deliveryName,
      address: cfRow.deliveryAddress,
      postalCode: cfRow.deliveryPostalCode,
      city: cfRow.deliveryCity,
    });
    // With a NIF and other billing data: theirs; a name without an address is refused at any amount.
    const withNif = await orderWith(other, 125_000);
    const row = await rowOf(withNif.res.json().order_id);
    expect(invoiceBuyer(row)).toEqual({
      nif: row.billingNif,
      consumidorFinal: false,
      name: row.billingName,
      address: row.billingAddress,
      postalCode: row.billingPostalCode,
      city: row.billingCity,
    });
    const nameOnly = await orderWith({ nif: other.nif, nome: "Oficina do Linho" }, 125_000);
    expect(nameOnly.res.statusCode).toBe(400);
    expect(nameOnly.res.json().message).toBe("Indique a morada de faturação.");
  });
});

describe("shown and offered again", () => {
  it("the admin order page and /conta show the NIF or 'Consumidor final' data, name and address", async () => {
    const shopper = await signIn(t, "cliente");
    const withNif = await orderWith(
      {
        nif: "PT 248 000 004",
        nome: "Marta Faria",
        morada: "Largo do Carmo, 7",
        codigo_postal: "1200-092",
        cidade: "Lisboa",
      },
      3100,
      shopper,
    );
    const plain = await orderWith(undefined, 1900, shopper);
    for (const [res, expected] of [
      [
        withNif.res,
        {
          nif: "248000004",
          nome: "Marta Faria",
          morada: "Largo do Carmo, 7",
          codigo_postal: "1200-092",
          cidade: "Lisboa",
          outros_dados: true,
        },
      ],
      [
        plain.res,
        {
          nif: null,
          nome: delivery.nome,
          morada: delivery.morada,
          codigo_postal: delivery.codigo_postal,
          cidade: delivery.cidade,
          outros_dados: false,
        },
      ],
    ] as const) {
      const id = res.json().order_id as number;
      const row = await rowOf(id);
      // The same facts read from the row: the billing columns, or the delivery ones where they are null.
      expect(expected.nif).toBe(row.billingNif);
      expect(expected.nome).toBe(row.billingName ?? row.deliveryName);
      const detail = await t.app.inject({ method: "GET", url: `/api/orders/${id}/detail`, headers: admin.headers });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().faturacao).toEqual(expected);
      const mine = await t.app.inject({ method: "GET", url: `/api/users/me/orders/${id}`, headers: shopper.headers });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().faturacao).toEqual(expected);
    }
  });

  it("offers the newest NIF and billing data next time, even after an order for Consumidor final", async () => {
    const shopper = await signIn(t, "cliente");
    const me = () => t.app.inject({ method: "GET", url: "/api/users/me/delivery", headers: shopper.headers });
    await orderWith(undefined, 1500, shopper);
    expect((await me()).json().faturacao).toBeNull();

    await orderWith({ nif: "123456789" }, 1500, shopper);
    const company = await orderWith(
      {
        nif: "501442600",
        nome: "Oficina do Linho, Lda.",
        morada: "Rua do Comércio, 40",
        codigo_postal: "4050-253",
        cidade: "Porto",
      },
      1500,
      shopper,
    );
    await orderWith({ nif: "" }, 1500, shopper);
    const res = await me();
    expect(res.statusCode).toBe(200);
    const row = await rowOf(company.res.json().order_id);
    expect(res.json().faturacao).toEqual({
      nif: row.billingNif,
      nome: row.billingName,
      morada: row.billingAddress,
      codigo_postal: row.billingPostalCode,
      cidade: row.billingCity,
    });
    expect(res.json().faturacao.nif).toBe("501442600");

    // Never another account's NIF.
    const stranger = await signIn(t, "cliente");
    await orderWith(undefined, 1500, stranger);
    const theirs = await t.app.inject({ method: "GET", url: "/api/users/me/delivery", headers: stranger.headers });
    expect(theirs.json().faturacao).toBeNull();
    expect(theirs.body).not.toContain("501442600");
  });
});
