import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { colors, products, variants } from "./schema.ts";

/**
 * The public lists are served from memory and stay right when the database changes behind
 * this instance's back (another instance, a script): PostgreSQL NOTIFY drops the cache.
 */
let t: TestApp;
let admin: AuthHeaders;

const names = async (url = "/api/product", headers: Partial<AuthHeaders> = {}) =>
  ((await t.app.inject({ url, headers })).json() as { name: string }[]).map((p) => p.name);

/** The list once it satisfies `done` (notifications arrive asynchronously; vi.waitFor bounds the wait). */
const eventually = (read: () => Promise<string[]>, done: (list: string[]) => boolean): Promise<string[]> =>
  vi.waitFor(
    async () => {
      const list = await read();
      if (!done(list)) throw new Error(`not yet: ${JSON.stringify(list)}`);
      return list;
    },
    { timeout: 5_000, interval: 25 },
  );

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  // The first read opens the LISTEN connection; wait until reads are cached (same ETag, one query).
  await vi.waitFor(
    async () => {
      await names();
      expect(t.services.catalog.peekShopCached()).toBeDefined();
    },
    { timeout: 5_000, interval: 20 },
  );
});
afterAll(() => t.close());

describe("catalogue cache", () => {
  it("sees a product inserted behind its back (as by another instance) through NOTIFY", async () => {
    await names();
    await t.db.insert(products).values({ name: "Caneca Inserida Por SQL", priceCents: 900 });
    const list = await eventually(names, (l) => l.includes("Caneca Inserida Por SQL"));
    expect(list).toContain("Caneca Inserida Por SQL");
  });

  it("sees a stock change made by SQL in quantidade", async () => {
    const [p] = await t.db.insert(products).values({ name: "Agenda Stock", priceCents: 1200 }).returning();
    const [c] = await t.db.insert(colors).values({ name: "Cor Cache" }).returning();
    const [v] = await t.db.insert(variants).values({ productId: p!.id, colorId: c!.id, stock: 3 }).returning();
    const quantity = async () => {
      const list = (await t.app.inject({ url: "/api/product" })).json() as { id: number; quantidade: number }[];
      return [String(list.find((x) => x.id === p!.id)?.quantidade)];
    };
    expect(await eventually(quantity, (q) => q[0] === "3")).toEqual(["3"]);
    await t.db.update(variants).set({ stock: 7 }).where(eq(variants.id, v!.id));
    expect(await eventually(quantity, (q) => q[0] === "7")).toEqual(["7"]);
  });

  it("answers 304 to a matching If-None-Match on GET /api/product and a new ETag after a change", async () => {
    const first = await t.app.inject({ url: "/api/product" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    const same = await t.app.inject({ url: "/api/product", headers: { "if-none-match": etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    await t.db.update(products).set({ name: "Nome Mudado" }).where(eq(products.name, "Agenda Stock"));
    const changed = await eventually(
      async () => [
        String((await t.app.inject({ url: "/api/product", headers: { "if-none-match": etag } })).statusCode),
      ],
      (s) => s[0] === "200",
    );
    expect(changed).toEqual(["200"]);
  });

  it("an admin's own change through the API shows on the very next read (no waiting for NOTIFY)", async () => {
    const [p] = await t.db.insert(products).values({ name: "T-shirt Imediata", priceCents: 1500 }).returning();
    await eventually(names, (l) => l.includes("T-shirt Imediata"));
    const off = await t.app.inject({ method: "PUT", url: `/api/product/editstatus/${p!.id}`, headers: admin });
    expect(off.statusCode, off.body).toBe(200);
    expect(await names()).not.toContain("T-shirt Imediata");
    expect(await names("/api/product/all", admin)).toContain("T-shirt Imediata");
  });

  it("caches a product page's data, hands out copies, and sees a stock change made by SQL", async () => {
    const [p] = await t.db.insert(products).values({ name: "Caneca Página", priceCents: 1100 }).returning();
    const [c] = await t.db.insert(colors).values({ name: "Cor Página" }).returning();
    const [v] = await t.db.insert(variants).values({ productId: p!.id, colorId: c!.id, stock: 4 }).returning();
    const stockOnPage = async () => {
      const page = await t.services.catalog.productPage(p!.id);
      return [String(page.detail.variants.find((x) => x.id === v!.id)?.stock)];
    };
    expect(await eventually(stockOnPage, (s) => s[0] === "4")).toEqual(["4"]);
    // The inserts' own notifications may still drop the first copy: read until one stays cached.
    const cached = async () => {
      await t.services.catalog.productPage(p!.id);
      return [String(t.services.catalogCache.peek(`page:${p!.id}`) !== undefined)];
    };
    expect(await eventually(cached, (s) => s[0] === "true")).toEqual(["true"]);

    const copy = await t.services.catalog.productPage(p!.id);
    copy.product.name = "mudado por quem a leu";
    expect((await t.services.catalog.productPage(p!.id)).product.name).toBe("Caneca Página");

    await t.db.update(variants).set({ stock: 9 }).where(eq(variants.id, v!.id));
    expect(await eventually(stockOnPage, (s) => s[0] === "9")).toEqual(["9"]);
    await t.db.update(products).set({ status: 0 }).where(eq(products.id, p!.id));
    const gone = await eventually(
      async () => [
        await t.services.catalog.productPage(p!.id).then(
          () => "visível",
          (e: { status?: number }) => String(e.status),
        ),
      ],
      (s) => s[0] === "404",
    );
    expect(gone).toEqual(["404"]);
  });
});
