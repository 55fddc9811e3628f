import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "#server/modules/catalog/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { seedProduct, signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { promotions } from "./schema.ts";
import { PROMOTION_MESSAGES as M } from "./schemas.ts";

/** The admin's promotions API: GET/POST /api/promocoes, PUT/DELETE /api/promocoes/{id} (issue 20, item 1). */

let t: TestApp;
let admin: AuthHeaders;
let cliente: AuthHeaders;
let canecas: number;
let tshirts: number;
let productA: number;
let productB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "admin")).headers;
  cliente = (await signIn(t, "cliente")).headers;
  const [c1, c2] = await t.db
    .insert(categories)
    .values([{ name: "Canecas" }, { name: "T-shirts" }])
    .returning();
  canecas = c1!.id;
  tshirts = c2!.id;
  productA = (await seedProduct(t, 1250, 5)).product.id;
  productB = (await seedProduct(t, 2000, 5)).product.id;
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, headers?: AuthHeaders, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const rows = () => t.db.select().from(promotions).orderBy(promotions.id);

let codeCounter = 0;
const aCode = (body: Record<string, unknown> = {}) => ({
  nome: "Black Friday",
  codigo: `BF-${++codeCounter}`,
  tipo: "percentagem",
  valor: 10,
  ...body,
});

describe("access", () => {
  it("answers 401 to visitors and 403 to clientes on every route, and writes nothing", async () => {
    const [existing] = await t.db
      .insert(promotions)
      .values({ name: "Existente", code: "EXISTENTE", kind: "percentagem", percent: 5 })
      .returning();
    const before = await rows();
    for (const [headers, status] of [
      [undefined, 401],
      [cliente, 403],
    ] as const) {
      expect((await call("GET", "/api/promocoes", headers)).statusCode).toBe(status);
      expect((await call("POST", "/api/promocoes", headers, aCode())).statusCode).toBe(status);
      expect((await call("PUT", `/api/promocoes/${existing!.id}`, headers, aCode())).statusCode).toBe(status);
      expect((await call("DELETE", `/api/promocoes/${existing!.id}`, headers)).statusCode).toBe(status);
    }
    expect(await rows()).toEqual(before);
    await t.db.delete(promotions).where(eq(promotions.id, existing!.id));
  });
});

describe("POST /api/promocoes", () => {
  it("creates a percentage code with every field, Lisbon times stored as instants", async () => {
    const res = await call("POST", "/api/promocoes", admin, {
      nome: "  Natal  ",
      codigo: " natal-2026 ",
      tipo: "percentagem",
      valor: "15",
      minimo: "25,50",
      inicio: "2026-12-01T00:00",
      fim: "2026-12-31T23:00",
      usos_max: 100,
      usos_por_cliente: "2",
      categorias: [tshirts, canecas, canecas],
      produtos: [productB],
      acumulavel: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      nome: "Natal",
      codigo: "natal-2026",
      tipo: "percentagem",
      valor: 15,
      minimo: 25.5,
      inicio: "2026-12-01T00:00",
      fim: "2026-12-31T23:00",
      usos_max: 100,
      usos_por_cliente: 2,
      categorias: [canecas, tshirts].sort((a, b) => a - b),
      produtos: [productB],
      acumulavel: true,
      usos: 0,
      ativa: true,
    });
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, body.id));
    expect(row).toMatchObject({
      name: "Natal",
      code: "natal-2026",
      kind: "percentagem",
      percent: 15,
      amountCents: null,
      minimumCents: 2550,
      // December: Lisbon is UTC+0.
      startsAt: new Date("2026-12-01T00:00:00Z"),
      endsAt: new Date("2026-12-31T23:00:00Z"),
      maxUses: 100,
      maxUsesPerCustomer: 2,
      combinesWithAutomatic: true,
      active: true,
      uses: 0,
    });
  });

  it("reads summer Lisbon time (UTC+1) and ISO instants with an offset", async () => {
    const res = await call(
      "POST",
      "/api/promocoes",
      admin,
      aCode({ inicio: "2026-07-01T10:00", fim: "2026-07-02T10:00:00Z" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, res.json().id));
    expect(row!.startsAt).toEqual(new Date("2026-07-01T09:00:00Z"));
    expect(row!.endsAt).toEqual(new Date("2026-07-02T10:00:00Z"));
    expect(res.json()).toMatchObject({ inicio: "2026-07-01T10:00", fim: "2026-07-02T11:00" });
  });

  it("creates a fixed amount in euros (comma or point) and a free-delivery code, optional fields omitted", async () => {
    const valor = await call("POST", "/api/promocoes", admin, {
      nome: "Cinco",
      codigo: "CINCO",
      tipo: "valor",
      valor: "7,45",
    });
    expect(valor.statusCode, valor.body).toBe(201);
    expect(valor.json()).toMatchObject({ tipo: "valor", valor: 7.45, minimo: null, inicio: null, fim: null });
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, valor.json().id));
    expect(row).toMatchObject({ amountCents: 745, percent: null, categoryIds: [], productIds: [] });

    const portes = await call("POST", "/api/promocoes", admin, {
      nome: "Portes",
      codigo: "PORTES",
      tipo: "portes_gratis",
      valor: null,
      minimo: 30,
    });
    expect(portes.statusCode, portes.body).toBe(201);
    expect(portes.json()).toMatchObject({ tipo: "portes_gratis", valor: null, minimo: 30, acumulavel: false });
  });

  it("creates an automatic promotion (codigo null) on products and categories", async () => {
    const res = await call("POST", "/api/promocoes", admin, {
      nome: "Saldos de verão",
      codigo: null,
      tipo: "valor",
      valor: 2.5,
      categorias: [canecas],
      produtos: [productA],
      acumulavel: true,
      minimo: 0,
      usos_max: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    // acumulavel is a code's setting: an automatic promotion stores false; a minimum of 0 is none.
    expect(res.json()).toMatchObject({
      codigo: null,
      valor: 2.5,
      categorias: [canecas],
      produtos: [productA],
      acumulavel: false,
      minimo: null,
    });
  });

  it("refuses a code that differs from an existing one only in case (409) and writes nothing", async () => {
    expect((await call("POST", "/api/promocoes", admin, aCode({ codigo: "VERAO" }))).statusCode).toBe(201);
    const before = await rows();
    const res = await call("POST", "/api/promocoes", admin, aCode({ codigo: " verao " }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.duplicateCode);
    expect(await rows()).toEqual(before);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ["no name", { nome: " " }, M.nameRequired],
    ["name missing", { nome: undefined }, M.nameRequired],
    ["name too long", { nome: "x".repeat(101) }, M.nameTooLong],
    ["code too short", { codigo: "AB" }, M.codeInvalid],
    ["code too long", { codigo: "A".repeat(41) }, M.codeInvalid],
    ["code with a space", { codigo: "BLACK FRIDAY" }, M.codeInvalid],
    ["code with an accent", { codigo: "VERÃO" }, M.codeInvalid],
    ["code not a string", { codigo: 1234 }, M.codeInvalid],
    ["unknown kind", { tipo: "brinde" }, M.kindInvalid],
    ["percent 0", { valor: 0 }, M.percentInvalid],
    ["percent 101", { valor: 101 }, M.percentInvalid],
    ["percent with decimals", { valor: 12.5 }, M.percentInvalid],
    ["percent missing", { valor: null }, M.percentInvalid],
    ["amount 0", { tipo: "valor", valor: "0,00" }, M.amountInvalid],
    ["amount negative", { tipo: "valor", valor: -5 }, M.amountInvalid],
    ["amount with 3 decimals", { tipo: "valor", valor: "1,555" }, M.amountInvalid],
    ["amount missing", { tipo: "valor", valor: "" }, M.amountInvalid],
    ["minimum not money", { minimo: "vinte" }, M.minimumInvalid],
    ["minimum negative", { minimo: -1 }, M.minimumInvalid],
    ["start not a date", { inicio: "amanhã" }, M.startInvalid],
    ["start on 30 February", { inicio: "2026-02-30T10:00" }, M.startInvalid],
    ["end on 30 February (ISO)", { fim: "2026-02-30T10:00:00Z" }, M.endInvalid],
    ["end before start", { inicio: "2026-12-10T00:00", fim: "2026-12-09T23:59" }, M.endBeforeStart],
    ["end equal to start", { inicio: "2026-12-10T00:00", fim: "2026-12-10T00:00:00Z" }, M.endBeforeStart],
    ["max uses 0", { usos_max: 0 }, M.maxUsesInvalid],
    ["max uses not whole", { usos_max: "1.5" }, M.maxUsesInvalid],
    ["uses per customer 0", { usos_por_cliente: 0 }, M.perCustomerInvalid],
    ["uses per customer above max", { usos_max: 2, usos_por_cliente: 3 }, M.perCustomerAboveMax],
    ["categories not a list", { categorias: "1,2" }, M.categoriesInvalid],
    ["category id not a number", { categorias: ["x"] }, M.categoriesInvalid],
    ["product id negative", { produtos: [-1] }, M.productsInvalid],
    ["acumulavel not a boolean", { acumulavel: "sim" }, M.combinesInvalid],
    ["automatic free delivery", { codigo: null, tipo: "portes_gratis", valor: null }, M.automaticFreeDelivery],
    ["automatic with a minimum", { codigo: null, minimo: 10 }, M.automaticLimits],
    ["automatic with max uses", { codigo: "", usos_max: 10 }, M.automaticLimits],
    ["unknown category", { categorias: [999999] }, "A categoria 999999 não existe."],
    ["unknown products", { produtos: [999998, 999999] }, "Os produtos 999998, 999999 não existem."],
  ];

  it.each(refusals)("refuses %s with its pt-PT message and writes nothing", async (_label, change, message) => {
    const before = await rows();
    const res = await call("POST", "/api/promocoes", admin, aCode(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rows()).toEqual(before);
  });

  it("refuses a product deleted from the shop", async () => {
    const { product } = await seedProduct(t, 999, 1);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));
    const res = await call("POST", "/api/promocoes", admin, aCode({ produtos: [product.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`O produto ${product.id} não existe.`);
  });
});

describe("GET /api/promocoes", () => {
  it("lists every promotion as the API answers them, active first, newest first", async () => {
    const res = await call("GET", "/api/promocoes", admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; ativa: boolean }>;
    const stored = await rows();
    expect(list.map((p) => p.id).sort()).toEqual(stored.map((r) => r.id).sort());
    const expected = [...stored].sort((a, b) => Number(b.active) - Number(a.active) || b.id - a.id).map((r) => r.id);
    expect(list.map((p) => p.id)).toEqual(expected);
  });
});

describe("PUT /api/promocoes/{id}", () => {
  it("replaces the promotion (and can deactivate it), keeping its uses", async () => {
    const created = (await call("POST", "/api/promocoes", admin, aCode({ usos_max: 5 }))).json();
    await t.db.update(promotions).set({ uses: 3 }).where(eq(promotions.id, created.id));
    const res = await call("PUT", `/api/promocoes/${created.id}`, admin, {
      nome: "Outro nome",
      codigo: created.codigo.toLowerCase(),
      tipo: "valor",
      valor: "3.20",
      produtos: [productA],
      ativa: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...created,
      nome: "Outro nome",
      codigo: created.codigo.toLowerCase(),
      tipo: "valor",
      valor: 3.2,
      usos_max: null,
      produtos: [productA],
      usos: 3,
      ativa: false,
    });
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, created.id));
    expect(row).toMatchObject({ kind: "valor", amountCents: 320, percent: null, uses: 3, active: false });
  });

  it("answers 404 for an unknown id, 400 for a bad id or body, 409 for another's code; nothing written", async () => {
    const a = (await call("POST", "/api/promocoes", admin, aCode())).json();
    const b = (await call("POST", "/api/promocoes", admin, aCode())).json();
    const before = await rows();
    const unknown = await call("PUT", "/api/promocoes/999999", admin, aCode());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound);
    const badId = await call("PUT", "/api/promocoes/abc", admin, aCode());
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(M.invalidId);
    const bad = await call("PUT", `/api/promocoes/${a.id}`, admin, aCode({ valor: 200 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.percentInvalid);
    const dup = await call("PUT", `/api/promocoes/${a.id}`, admin, aCode({ codigo: b.codigo.toLowerCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.duplicateCode);
    expect(await rows()).toEqual(before);
  });
});

describe("DELETE /api/promocoes/{id}", () => {
  it("removes an unused promotion", async () => {
    const created = (await call("POST", "/api/promocoes", admin, aCode())).json();
    const res = await call("DELETE", `/api/promocoes/${created.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Promoção eliminada.", desativada: false });
    expect(await t.db.select().from(promotions).where(eq(promotions.id, created.id))).toEqual([]);
  });

  it("only deactivates a promotion that was used (orders keep naming it)", async () => {
    const created = (await call("POST", "/api/promocoes", admin, aCode())).json();
    await t.db.update(promotions).set({ uses: 1 }).where(eq(promotions.id, created.id));
    const res = await call("DELETE", `/api/promocoes/${created.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ desativada: true });
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, created.id));
    expect(row).toMatchObject({ active: false, uses: 1 });
  });

  it("answers 404 for an unknown promotion", async () => {
    const res = await call("DELETE", "/api/promocoes/999999", admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.notFound);
  });
});

describe("catalogue version", () => {
  let listener: pg.PoolClient;
  const heard: string[] = [];
  let waiters: Array<() => void> = [];
  beforeAll(async () => {
    listener = await t.db.$client.connect();
    listener.on("notification", (n) => {
      heard.push(n.payload ?? "");
      for (const w of waiters) w();
      waiters = [];
    });
    await listener.query("listen loja_catalog");
  });
  afterAll(() => listener.release());

  /**
   * What was heard since `from` (a length of `heard` taken before the action): sends a marker and waits for it, so
   * every notification committed before it has arrived (they come in commit order).
   */
  async function heardSince(from: number, marker: string): Promise<string[]> {
    await t.db.execute(sql`select pg_notify('loja_catalog', ${marker})`);
    while (!heard.slice(from).includes(marker)) await new Promise<void>((resolve) => waiters.push(resolve));
    return heard.slice(from, heard.indexOf(marker, from));
  }

  it("saving and deleting notify loja_catalog; counting a use does not", async () => {
    await heardSince(heard.length, "start");
    let from = heard.length;
    const created = await call("POST", "/api/promocoes", admin, aCode());
    expect(await heardSince(from, "m1")).toEqual(["promotions"]);
    const id = created.json().id;
    from = heard.length;
    await call("PUT", `/api/promocoes/${id}`, admin, aCode({ valor: 20 }));
    expect(await heardSince(from, "m2")).toEqual(["promotions"]);
    // What checkout does when an order takes a use: the prices shown do not change, the caches stay.
    from = heard.length;
    await t.db.execute(sql`update promotions set uses = uses + 1, updated_at = now() where id = ${id}`);
    expect(await heardSince(from, "m3")).toEqual([]);
    from = heard.length;
    await call("DELETE", `/api/promocoes/${id}`, admin);
    expect(await heardSince(from, "m4")).toEqual(["promotions"]);
  });
});
