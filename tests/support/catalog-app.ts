import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { categories, colors, productImages, products, sizes } from "#server/modules/catalog/schema.ts";
import { createTestApp, type TestApp } from "./db.ts";
import { createProduct as createProductThroughApi, signIn } from "./factories.ts";
import type { AuthHeaders } from "./http.ts";

/*
 * The app of a catalogue API test file (server/modules/catalog/catalog-*.test.ts, banners.test.ts): its own database,
 * an admin and a cliente signed in, the category "Canecas", and short helpers bound to them.
 */

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CatalogApp {
  t: TestApp;
  admin: AuthHeaders;
  adminId: number;
  cliente: AuthHeaders;
  uploadsDir: string;
  categoryId: number;
}

/** Registers the file's beforeAll/afterAll; the returned object is filled before the first test. */
export function useCatalogApp() {
  const app = {} as CatalogApp;
  beforeAll(async () => {
    const t = await createTestApp();
    const admin = await signIn(t, "admin");
    const cliente = await signIn(t, "cliente");
    const [category] = await t.db.insert(categories).values({ name: "Canecas" }).returning();
    Object.assign(app, {
      t,
      admin: admin.headers,
      adminId: admin.id,
      cliente: cliente.headers,
      uploadsDir: path.join(t.config.dataDir, "uploads"),
      categoryId: category!.id,
    });
  });
  afterAll(() => app.t.close());

  const call = (method: Method, url: string, opts: { headers?: AuthHeaders; payload?: unknown } = {}) =>
    app.t.app.inject({
      method,
      url,
      headers: opts.headers,
      ...(opts.payload === undefined ? {} : { payload: opts.payload as string }),
    });
  const files = () => readdirSync(app.uploadsDir).sort();

  return {
    app,
    call,
    get: (url: string, headers?: AuthHeaders) => call("GET", url, { headers }),
    files,
    /** A product in the category "Canecas", created by the admin through the API. */
    createProduct: (fields: Record<string, string> = {}, imageCount = 1) =>
      createProductThroughApi(app.t, app.admin, { categoria: String(app.categoryId), ...fields }, imageCount),
    async createColor(name: string, hex = "#123456"): Promise<number> {
      const [row] = await app.t.db.insert(colors).values({ name, colorHex: hex }).returning();
      return row!.id;
    },
    async createSize(name: string, sortOrder: number): Promise<number> {
      const [row] = await app.t.db.insert(sizes).values({ name, sortOrder }).returning();
      return row!.id;
    },
    /** Rows and files a refused request must leave as they were. */
    async countAll() {
      return {
        products: await app.t.db.$count(products),
        images: await app.t.db.$count(productImages),
        categories: await app.t.db.$count(categories),
        files: files().length,
      };
    },
  };
}
