import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { colors, products, variants } from "#server/modules/catalog/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { seenRoutes, type SeenRoute } from "./support.ts";

// A test build whose every Fastify instance logs its routes (onRoute), plugin-scoped ones included.
vi.mock("fastify", async (orig) => (await import("./support.ts")).mockFastifyWithRouteLog(orig));

/**
 * Every route that is NOT admin-only, with who may call it. A route missing here that is not
 * admin-only fails the sweep, so a new public or account route has to be added on purpose.
 * "static" = no access rule of its own (files, the JSON 404 fallback); HEAD follows its GET.
 */
const NON_ADMIN: Record<string, "public" | "user" | "static"> = {
  "GET /healthz": "public",
  // Public to the access rules; its own bearer check (METRICS_TOKEN) answers 401/404 (server/http/metrics/routes.ts).
  "GET /metrics": "public",
  "GET /robots.txt": "public",
  "GET /sitemap.xml": "public",
  "GET /sitemap-:n.xml": "public",
  // Pictures from the picture storage (server/http/uploads.ts; was @fastify/static's /uploads/*).
  "GET /uploads/:name": "public",
  "POST /api/users/register": "public",
  "GET /api/users/verificar-email": "public",
  "POST /users/login": "public",
  "POST /api/users/logout": "public",
  "GET /api/users/me": "user",
  "PUT /api/users/me/password": "user",
  "POST /api/users/forgot-password": "public",
  "POST /api/users/reset-password": "public",
  // 'Enviar ligação de acesso' (/login past the account's ceiling): the same answer for every address; the link's use.
  "POST /api/users/login-link": "public",
  "POST /api/users/login-link/use": "public",
  "GET /api/users/me/export": "user",
  "POST /api/users/me/delete": "user",
  "GET /api/users/me/orders": "user",
  "GET /api/users/me/orders/:id": "user",
  "GET /api/users/me/orders/:id/status": "user",
  "POST /api/users/me/orders/:id/pay-multibanco": "user",
  "POST /api/users/me/orders/:id/withdrawal": "user",
  "PUT /api/users/me/orders/:id/withdrawal/:returnId": "user",
  "POST /api/users/me/orders/:id/withdrawal/:returnId/cancel": "user",
  "GET /api/users/me/orders/:id/invoice": "user",
  "GET /api/product": "public",
  "GET /api/product/all": "public",
  "GET /api/product/categorias": "public",
  "GET /api/product/cores": "public",
  "GET /api/product/tamanhos": "public",
  "GET /api/product/artigo": "public",
  "GET /api/product/banners": "public",
  "GET /api/product/getbanner": "public",
  "GET /api/product/:id": "public",
  "GET /api/product/related/:id": "public",
  "GET /api/product/stock/:id": "public",
  "GET /api/product/stockdetalhe/:id": "public",
  "GET /api/product/coresDetails/:id": "public",
  "GET /api/product/productSize/:id": "public",
  "POST /api/cart/check": "public",
  "POST /api/cart/quote": "public",
  // The withdrawal declaration (/livre-resolucao): order number + the buying account's e-mail, one answer whatever
  // matched, rate-limited; the one-time link e-mailed to the order's address (/livre-resolucao/confirmar).
  "POST /api/withdrawal": "public",
  "POST /api/withdrawal/link": "public",
  "POST /api/withdrawal/link/confirm": "public",
  "POST /api/withdrawal/link/cancel": "public",
  // The contact form (/contato): rate-limited per address and e-mail.
  "POST /api/contact": "public",
  // The shop's search (/pesquisa, /categoria/{slug}) and the header's suggestions.
  "GET /api/search": "public",
  "GET /api/search/sugestoes": "public",
  "GET /api/users/me/delivery": "user",
  "POST /orders": "user",
  "POST /api/orders": "user",
  "POST /api/email/send-order-confirmation": "user",
  // The gateway's notification: no session, authenticated by the anti-phishing key (payment-callbacks.test.ts).
  "GET /api/payments/callback": "public",
  // Unknown API paths: JSON 404 for every method.
  "GET /api/*": "public",
  "POST /api/*": "public",
  "PUT /api/*": "public",
  "PATCH /api/*": "public",
  "DELETE /api/*": "public",
  "OPTIONS /api/*": "public",
  "TRACE /api/*": "public",
  "QUERY /api/*": "public",
};

let t: TestApp;
let routes: SeenRoute[];
let cliente: AuthHeaders;
let admin: AuthHeaders;
const victim = { id: 0, email: "", orderId: 0, reference: "", name: "Vítima Confidencial" };
const SECRET_ADDRESS = "Rua Secreta da Vítima 77";
let productId = 0;
let variantId = 0;

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** A concrete URL for a route pattern: real ids of the victim's data, so a leak would show. */
function concrete(
  url: string,
  ids: { user: number; order: number; product: number; variant: number; reference: string },
) {
  if (url.startsWith("/api/users/:id")) return url.replace(":id", String(ids.user));
  if (url.startsWith("/api/orders/:id")) return url.replace(":id", String(ids.order));
  return url
    .replace(":variantId", String(ids.variant))
    .replace(":id", String(ids.product))
    .replace(":reference", ids.reference)
    .replace("/uploads/:name", "/uploads/nao-existe.jpg")
    .replace("/api/*", "/api/nao-existe");
}

const realIds = () => ({
  user: victim.id,
  order: victim.orderId,
  product: productId,
  variant: variantId,
  reference: victim.reference,
});
const fakeIds = { user: 999_999, order: 999_999, product: 999_999, variant: 999_999, reference: "999999999" };

const inject = (method: string, url: string, headers?: AuthHeaders, payload?: object) =>
  t.app.inject({ method: method as "GET", url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  seenRoutes.length = 0;
  t = await createTestApp();
  // Keep only the real app's routes; de-duplicate (the hook sees each route once per instance).
  routes = [...new Map(seenRoutes.map((r) => [key(r), r])).values()];

  const c = await createUser(t.db, "cliente");
  const a = await createUser(t.db, "admin");
  const v = await createUser(t.db, "cliente");
  cliente = await login(t.app, c.email, c.password);
  admin = await login(t.app, a.email, a.password);
  const victimHeaders = await login(t.app, v.email, v.password);
  victim.id = v.id;
  victim.email = v.email;
  await t.db.update(users).set({ name: victim.name }).where(eq(users.id, v.id));

  const [p] = await t.db.insert(products).values({ name: "Caneca Sweep", priceCents: 1500 }).returning();
  const [col] = await t.db.insert(colors).values({ name: "Azul Sweep" }).returning();
  const [variant] = await t.db.insert(variants).values({ productId: p!.id, colorId: col!.id, stock: 10 }).returning();
  productId = p!.id;
  variantId = variant!.id;
  const order = await inject("POST", "/orders", victimHeaders, {
    metodo_pagamento: "mb",
    dados_entrega: {
      nome: victim.name,
      morada: SECRET_ADDRESS,
      codigo_postal: "1000-001",
      cidade: "Lisboa",
      telefone: "912345678",
    },
    items: [{ product_id: productId, quantity: 1, variant_id: variantId }],
  });
  expect(order.statusCode, order.body).toBe(201);
  victim.orderId = order.json().order_id;
  const [pay] = await t.db.select().from(payments).where(eq(payments.orderId, victim.orderId));
  victim.reference = pay!.reference!;
});
afterAll(() => t.close());

describe("route table sweep (every registered route)", () => {
  it("sees the whole app, plugin routes and HEAD routes included", () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.some((r) => r.url === "/api/product/create")).toBe(true);
    expect(routes.some((r) => r.method === "HEAD" && r.url === "/api/users")).toBe(true);
  });

  it("every route is admin-only or listed in the expected table with the same access", () => {
    const problems: string[] = [];
    for (const r of routes) {
      const declared = r.access ?? "static";
      if (r.method === "HEAD") {
        const get = routes.find((g) => g.method === "GET" && g.url === r.url);
        if (!get) problems.push(`${key(r)}: HEAD without GET`);
        else if ((get.access ?? "static") !== declared)
          problems.push(`${key(r)}: ${declared} but GET is ${get.access}`);
        continue;
      }
      if (declared === "admin") {
        if (NON_ADMIN[key(r)]) problems.push(`${key(r)}: admin, but the table expects ${NON_ADMIN[key(r)]}`);
        continue;
      }
      const expected = NON_ADMIN[key(r)];
      if (!expected)
        problems.push(`${key(r)}: ${declared}, not in the expected table (new route without the right rule?)`);
      else if (expected !== declared) problems.push(`${key(r)}: ${declared}, expected ${expected}`);
    }
    for (const k of Object.keys(NON_ADMIN)) {
      if (!routes.some((r) => key(r) === k)) problems.push(`${k}: in the table but not registered`);
    }
    expect(problems).toEqual([]);
  });

  it("every API route declares its access (none falls back to 'static')", () => {
    const undeclared = routes.filter((r) => /^\/(api|users|orders)(\/|$)/.test(r.url) && !r.access);
    expect(undeclared.map(key)).toEqual([]);
  });

  it("admin-only routes: 401 to visitors, 403 to clientes, nothing changed; admins get past the guard", async () => {
    const adminRoutes = routes.filter((r) => r.access === "admin");
    expect(adminRoutes.length).toBeGreaterThan(30);
    const before = await counts();
    for (const r of adminRoutes) {
      const url = concrete(r.url, realIds());
      const visitor = await inject(r.method, url);
      expect(visitor.statusCode, `visitor ${key(r)}`).toBe(401);
      if (r.method !== "HEAD")
        expect(visitor.json().message, `visitor ${key(r)}`).toBe("Tem de iniciar sessão para continuar.");
      const asCliente = await inject(r.method, url, cliente);
      expect(asCliente.statusCode, `cliente ${key(r)}`).toBe(403);
      if (r.method !== "HEAD") expect(asCliente.json().message, `cliente ${key(r)}`).toBeTruthy();
    }
    expect(await counts()).toEqual(before);
    for (const r of adminRoutes) {
      const res = await inject(r.method, concrete(r.url, fakeIds), admin);
      expect([401, 403], `admin ${key(r)} -> ${res.statusCode}`).not.toContain(res.statusCode);
      expect(res.statusCode, `admin ${key(r)}`).toBeLessThan(500);
    }
  });

  it("account routes: 401 to visitors; clientes get past the guard", async () => {
    const userRoutes = routes.filter((r) => r.access === "user");
    expect(userRoutes.length).toBeGreaterThanOrEqual(5);
    for (const r of userRoutes) {
      const visitor = await inject(r.method, concrete(r.url, realIds()));
      expect(visitor.statusCode, `visitor ${key(r)}`).toBe(401);
      const asCliente = await inject(r.method, concrete(r.url, fakeIds), cliente, {});
      expect([401, 403], `cliente ${key(r)} -> ${asCliente.statusCode}`).not.toContain(asCliente.statusCode);
    }
  });

  it("public routes answer visitors without 401/403 and never with a 5xx", async () => {
    for (const r of routes.filter((x) => x.access === "public" || !x.access)) {
      if (r.url === "/api/payments/callback") continue; // needs the gateway's key: 403 by design
      const res = await inject(r.method, concrete(r.url, realIds()));
      expect([401, 403], `visitor ${key(r)} -> ${res.statusCode}`).not.toContain(res.statusCode);
      expect(res.statusCode, `visitor ${key(r)}`).toBeLessThan(500);
    }
  });
});

describe("other people's data", () => {
  it("a cliente cannot read, change or delete another user (GET/PUT/DELETE /api/users/{otherId})", async () => {
    const url = `/api/users/${victim.id}`;
    expect((await inject("GET", url, cliente)).statusCode).toBe(403);
    const put = await inject("PUT", url, cliente, { name: "Pirata", email: "pirata@exemplo.pt", function: "admin" });
    expect(put.statusCode).toBe(403);
    expect((await inject("DELETE", url, cliente)).statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row).toMatchObject({ name: victim.name, email: victim.email, function: "cliente" });
    // Nor through /me paths that fall on the admin :id pattern.
    expect(
      (await inject("PUT", "/api/users/me", cliente, { name: "X", email: "x@exemplo.pt", function: "admin" }))
        .statusCode,
    ).toBe(403);
  });

  it("a cliente cannot list users or read any order report, payment or order of someone else", async () => {
    for (const url of [
      "/api/users",
      "/api/orders",
      `/api/orders/${victim.orderId}`,
      "/api/orders/por-tempo",
      "/api/orders?status=pending",
      `/api/payments/verify/${victim.reference}`,
      "/api/payments/verify-all",
    ]) {
      const res = await inject("GET", url, cliente);
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toContain(SECRET_ADDRESS);
    }
  });

  it("send-order-confirmation for someone else's order is 403 (even naming the owner as user_id)", async () => {
    await t.db.update(orders).set({ status: "paid" }).where(eq(orders.id, victim.orderId));
    try {
      for (const payload of [{ order_id: victim.orderId }, { order_id: victim.orderId, user_id: victim.id }]) {
        const res = await inject("POST", "/api/email/send-order-confirmation", cliente, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBeTruthy();
      }
    } finally {
      await t.db.update(orders).set({ status: "pending_payment" }).where(eq(orders.id, victim.orderId));
    }
  });

  it("no non-admin route shows another user's e-mail, name, address or a password hash", async () => {
    const needles = [victim.email, victim.name, SECRET_ADDRESS, "$argon2", "passwordHash", "password_hash"];
    const readable = routes.filter(
      (x) => x.access !== "admin" && (x.method === "GET" || x.method === "POST") && x.url !== "/api/users/logout",
    );
    for (const r of readable) {
      for (const headers of [undefined, cliente]) {
        const res = await inject(r.method, concrete(r.url, realIds()), headers, r.method === "POST" ? {} : undefined);
        for (const needle of needles) expect(res.body, `${key(r)} shows ${needle}`).not.toContain(needle);
      }
    }
    const me = await inject("GET", "/api/users/me", cliente);
    expect(me.json().user.email).not.toBe(victim.email);
    expect(Object.keys(me.json().user).sort()).toEqual(["email", "function", "id", "name"]);
  });

  it("path tricks never reach an admin call: case, slashes, encodings, dot segments", async () => {
    const tricks = [
      "/API/users",
      "/api/users/",
      "//api/users",
      "/api//users",
      "/api/users/.",
      "/api/./users",
      "/api/users/%2e%2e/users",
      "/api/product/../users",
      "/api/orders%2F1",
      "/api/users;x=1",
      `/api/users/${victim.id}/`,
      `/api/users/${victim.id}%00`,
      `/api/orders/${victim.orderId}/`,
      "/uploads/../api/users",
      "/uploads/%2e%2e/api/users",
      "/assets/../api/users",
    ];
    for (const url of tricks) {
      for (const headers of [undefined, cliente]) {
        const res = await inject("GET", url, headers);
        expect(res.statusCode, `${url} -> ${res.statusCode}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toContain(victim.email);
        expect(res.body, url).not.toContain(SECRET_ADDRESS);
      }
    }
  });
});

async function counts() {
  return {
    users: await t.db.$count(users),
    products: await t.db.$count(products),
    variants: await t.db.$count(variants),
    orders: await t.db.$count(orders),
    payments: await t.db.$count(payments),
  };
}
