import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { products, variants } from "#server/modules/catalog/schema.ts";
import { seedDemoCatalog } from "#server/seed/demo.ts";

/*
 * The product definition's API table names the fields a client reads in each
 * answer. This test calls every such row for real and compares the answer's key sets with those
 * names: `spec` is what the definition names (entity fields where the table says
 * "product", "order lines", …), `extra` the fields this shop adds on purpose, `optional` the
 * ones present only in some answers. A renamed, lost or unplanned field fails here.
 */

interface Shape {
  spec: string[];
  extra?: string[];
  optional?: string[];
  /** Shapes of nested objects (or of the items of nested arrays) by key. */
  nested?: Record<string, Shape>;
}

const PRODUCT: Shape = {
  spec: [
    "id",
    "name",
    "description",
    "price",
    "image",
    "status",
    "categoria",
    "sizes",
    "quantidade",
    "cor",
    "tamanho",
    "modelo_id",
    "created_at",
  ],
  extra: ["price_cents", "images", "categoria_id", "vat_category", "vat_exemption_code"],
};
/** One product read by id: also its safety information (GPSR, issue 20), which the lists leave out. */
const PRODUCT_BY_ID: Shape = {
  ...PRODUCT,
  extra: [...PRODUCT.extra!, "seguranca"],
  nested: {
    seguranca: {
      spec: [],
      extra: [
        "fabricante_nome",
        "fabricante_morada",
        "fabricante_contacto",
        "fabricante_fora_ue",
        "responsavel_ue_nome",
        "responsavel_ue_morada",
        "tipo_modelo",
        "lote",
        "ean",
        "avisos",
      ],
    },
  },
};
const VARIANT: Shape = {
  // Section 3: "id, product_id, color_id, color or color_name, sizes or size or size_name, stock" (all the alternatives are sent).
  spec: ["id", "product_id", "color_id", "color", "color_name", "sizes", "size", "size_name", "stock"],
  extra: ["color_hex", "size_id"],
};
const USER: Shape = { spec: ["id", "name", "email", "function"] };
const BANNER: Shape = { spec: ["idimg_banner", "titulo", "slogam", "imagem"] };
const ORDER_LINE: Shape = {
  spec: [
    "id",
    "payment_reference",
    "user_id",
    "cliente_nome",
    "cliente_email",
    "product_id",
    "quantity",
    "created_at",
    "payment_status",
    "paymentConfirmed",
    "confirmedAt",
    "amount",
  ],
  extra: ["line_id", "product_name", "metodo_pagamento", "order_status"],
};
const PAYMENT_DATA: Shape = {
  spec: ["metodo", "entidade", "referencia", "valor", "telefone", "validade", "orderId", "order_id"],
  extra: ["expira_em"],
};
const VERIFY_ERRORS = ["error", "details"];

/** Asserts the key set of `value` (every item, for an array) and of its nested objects. */
function expectShape(value: unknown, shape: Shape, where: string): void {
  if (Array.isArray(value)) {
    expect(value.length, `${where}: the list is empty, nothing was checked`).toBeGreaterThan(0);
    value.forEach((item, i) => expectShape(item, shape, `${where}[${i}]`));
    return;
  }
  expect(value, where).toBeTypeOf("object");
  const keys = Object.keys(value as object);
  const allowed = [...shape.spec, ...(shape.extra ?? []), ...(shape.optional ?? [])].sort();
  const required = [...shape.spec, ...(shape.extra ?? [])].sort();
  expect(
    keys.filter((k) => !allowed.includes(k)),
    `${where}: fields the contract does not name`,
  ).toEqual([]);
  expect(
    required.filter((k) => !keys.includes(k)),
    `${where}: fields the contract names but the answer lacks`,
  ).toEqual([]);
  for (const [key, inner] of Object.entries(shape.nested ?? {}))
    expectShape((value as Record<string, unknown>)[key], inner, `${where}.${key}`);
}

let t: TestApp;
let admin: AuthHeaders;
let cliente: AuthHeaders;
let clienteId: number;
let clienteLogin: { email: string; password: string };
let productId: number;
let variantId: number;
let order: { order_id: number; pagamento: { referencia: string } };

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoCatalog(t.db, t.config.dataDir)).toBe(true);
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  const c = await createUser(t.db, "cliente");
  clienteId = c.id;
  clienteLogin = c;
  cliente = await login(t.app, c.email, c.password);
  const [v] = await t.db
    .select({ id: variants.id, productId: variants.productId })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.status, 1))
    .orderBy(variants.id)
    .limit(1);
  productId = v!.productId;
  variantId = v!.id;
  const placed = await t.app.inject({
    method: "POST",
    url: "/orders",
    headers: cliente,
    payload: {
      metodo_pagamento: "mb",
      dados_entrega: {
        nome: "Ana",
        morada: "Rua 1",
        codigo_postal: "1000-001",
        cidade: "Lisboa",
        telefone: "912345678",
        entrega_rapida: false,
      },
      items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json();
});
afterAll(() => t.close());

type Row = [
  name: string,
  call: () => { method?: "GET" | "POST" | "PUT"; url: string; headers?: AuthHeaders; payload?: object },
  status: number,
  shape: Shape,
];

const rows: Row[] = [
  ["GET /api/product", () => ({ url: "/api/product" }), 200, PRODUCT],
  [
    "GET /api/product/all",
    () => ({ url: "/api/product/all" }),
    200,
    { spec: ["id", "status", "name", "image", "price"], extra: ["price_cents"] },
  ],
  ["GET /api/product/{id}", () => ({ url: `/api/product/${productId}` }), 200, PRODUCT_BY_ID],
  ["GET /api/product/related/{id}", () => ({ url: `/api/product/related/${productId}` }), 200, PRODUCT],
  ["GET /api/product/stock/{id}", () => ({ url: `/api/product/stock/${productId}` }), 200, { spec: ["totalStock"] }],
  [
    "GET /api/product/stockdetalhe/{id}",
    () => ({ url: `/api/product/stockdetalhe/${productId}` }),
    200,
    {
      ...PRODUCT_BY_ID,
      extra: [...PRODUCT_BY_ID.extra!, "variants"],
      nested: { ...PRODUCT_BY_ID.nested, variants: VARIANT },
    },
  ],
  [
    "GET /api/product/coresDetails/{id}",
    () => ({ url: `/api/product/coresDetails/${productId}` }),
    200,
    { spec: ["id", "name", "color_hex"] },
  ],
  [
    "GET /api/product/productSize/{id}",
    () => ({ url: `/api/product/productSize/${productId}` }),
    200,
    { spec: ["id", "name"], extra: ["tamanho"] },
  ],
  ["GET /api/product/categorias", () => ({ url: "/api/product/categorias" }), 200, { spec: ["id", "name"] }],
  ["GET /api/product/cores", () => ({ url: "/api/product/cores" }), 200, { spec: ["id", "name", "color_hex"] }],
  ["GET /api/product/artigo", () => ({ url: "/api/product/artigo" }), 200, { spec: ["id", "name"] }],
  [
    "GET /api/product/banners",
    () => ({ url: "/api/product/banners" }),
    200,
    { ...BANNER, extra: ["is_active", "created_at"] },
  ],
  ["GET /api/product/getbanner", () => ({ url: "/api/product/getbanner" }), 200, BANNER],
  [
    "POST /users/login (200)",
    () => ({ method: "POST", url: "/users/login", payload: clienteLogin }),
    200,
    { spec: ["user", "message"], extra: ["success"], nested: { user: USER } },
  ],
  [
    "POST /users/login (refused)",
    () => ({ method: "POST", url: "/users/login", payload: { email: clienteLogin.email, password: "errada-123" } }),
    400,
    { spec: ["message"], extra: ["success", "error"] },
  ],
  ["GET /api/users", () => ({ url: "/api/users", headers: admin }), 200, USER],
  ["GET /api/users/{id}", () => ({ url: `/api/users/${clienteId}`, headers: admin }), 200, USER],
  ["GET /api/orders", () => ({ url: "/api/orders", headers: admin }), 200, ORDER_LINE],
  [
    "GET /api/orders/por-tempo",
    () => ({ url: "/api/orders/por-tempo", headers: admin }),
    200,
    { spec: ["dia", "total_pedidos"] },
  ],
  [
    "GET /api/payments/verify-all",
    () => ({ url: "/api/payments/verify-all", headers: admin }),
    200,
    {
      spec: ["success", "resultados", "message"],
      nested: {
        resultados: {
          spec: ["status"],
          extra: ["success", "order_id", "referencia", "message"],
          optional: VERIFY_ERRORS,
        },
      },
    },
  ],
  [
    "GET /api/payments/verify/{reference}",
    () => ({ url: `/api/payments/verify/${order.pagamento.referencia}`, headers: admin }),
    200,
    { spec: ["success", "payment_status", "message"], extra: ["order_id", "referencia"], optional: VERIFY_ERRORS },
  ],
  [
    "GET /api/payments/verify/{reference} (unknown)",
    () => ({ url: "/api/payments/verify/999999999999", headers: admin }),
    200,
    { spec: ["success", "payment_status", "message", "error"], optional: ["details"] },
  ],
  [
    "POST /api/email/send-order-confirmation (refused: unpaid)",
    () => ({
      method: "POST",
      url: "/api/email/send-order-confirmation",
      headers: cliente,
      payload: { order_id: order.order_id },
    }),
    409,
    { spec: ["success", "message"], extra: ["error"] },
  ],
  [
    "POST /api/email/send",
    () => ({
      method: "POST",
      url: "/api/email/send",
      headers: admin,
      payload: { user_id: clienteId, type: "boas-vindas" },
    }),
    200,
    { spec: ["success", "tracking_id", "message"] },
  ],
  [
    "GET /api/stock/summary",
    () => ({ url: "/api/stock/summary", headers: admin }),
    200,
    {
      spec: [
        "totalProducts",
        "totalVariants",
        "totalStock",
        "outOfStock",
        "lowStock",
        "colorsAvailable",
        "sizesAvailable",
      ],
      extra: ["variantsOutOfStock", "variantsLowStock"],
    },
  ],
  [
    "GET /api/stock/products",
    () => ({ url: "/api/stock/products", headers: admin }),
    200,
    {
      spec: [
        "id",
        "name",
        "categoria",
        "totalStock",
        "variantsCount",
        "colors",
        "sizes",
        "isOutOfStock",
        "hasLowStock",
        "status",
      ],
      extra: ["variantsOutOfStock"],
    },
  ],
  [
    "GET /api/stock/product/{id}",
    () => ({ url: `/api/stock/product/${productId}`, headers: admin }),
    200,
    {
      spec: ["id", "name", "description", "price", "totalStock", "variantsCount", "lowStockCount", "variants"],
      nested: { variants: { spec: ["id", "color_id", "color", "size", "stock"], extra: ["color_hex", "reserved"] } },
    },
  ],
  [
    "GET /api/stock/low-stock?threshold={n}",
    () => ({ url: "/api/stock/low-stock?threshold=1000", headers: admin }),
    200,
    { spec: ["id", "name", "categoria", "variantsCount", "totalStock", "minStock"] },
  ],
];

describe("the answers of the spec's API table have exactly the contract's fields", () => {
  it.each(rows)("%s", async (name, call, status, shape) => {
    const res = await t.app.inject({ method: "GET", ...call() });
    expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(status);
    expectShape(res.json(), shape, name);
  });

  // Written last: POST orders and PUT stock change data the rows above read.
  it("POST orders/ answers pagamento and order_id", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/orders",
      headers: cliente,
      payload: {
        metodo_pagamento: "payshop",
        dados_entrega: {
          nome: "Ana",
          morada: "Rua 1",
          codigo_postal: "1000-001",
          cidade: "Lisboa",
          telefone: "912345678",
          entrega_rapida: false,
        },
        items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expectShape(
      res.json(),
      {
        spec: ["pagamento", "order_id"],
        extra: ["success", "message", "total", "portes"],
        nested: { pagamento: PAYMENT_DATA },
      },
      "POST /orders",
    );
  });

  it("PUT /api/stock/variant/{variantId} answers success", async () => {
    const [before] = await t.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/stock/variant/${variantId}`,
      headers: admin,
      payload: { newStock: before!.stock + 3, reason: "Contagem", notes: "" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectShape(res.json(), { spec: ["success"], extra: ["message", "variant"] }, "PUT /api/stock/variant");
  });
});
