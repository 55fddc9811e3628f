import sharp from "sharp";
import { expect } from "vitest";
import type { TestApp } from "./db.ts";
import { createUser, login, type AuthHeaders } from "./http.ts";

/*
 * Factories for the API tests: signed-in accounts, pictures, product forms and products created through
 * the admin API. Orders and database-seeded products: ./orders.ts (re-exported here).
 */

export { checkout, delivery, insertOrder, payOrder, seedProduct } from "./orders.ts";

export interface Session {
  id: number;
  email: string;
  password: string;
  /** What a browser sends next: the session cookie and the CSRF token. */
  headers: AuthHeaders;
}

/** A verified account of this role, logged in through the real endpoint. */
export async function signIn(t: TestApp, role: "admin" | "cliente"): Promise<Session> {
  const user = await createUser(t.db, role);
  return { ...user, headers: await login(t.app, user.email, user.password) };
}

/** A PNG of one colour (a different colour gives a different file). */
export const image = (color = { r: 200, g: 40, b: 40 }, width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

export interface FormInput {
  fields?: Record<string, string>;
  files?: Array<{ field?: string; data: Buffer; name?: string; type?: string }>;
}

/** A multipart form as the admin screens send it (files default to "images", image/png). */
export function form(input: FormInput): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(input.fields ?? {})) fd.append(k, v);
  for (const f of input.files ?? []) {
    fd.append(
      f.field ?? "images",
      new Blob([new Uint8Array(f.data)], { type: f.type ?? "image/png" }),
      f.name ?? "foto.png",
    );
  }
  return fd;
}

let productCounter = 0;

/**
 * A product created through POST /api/product/create (name "Caneca N", 12,50 €, category "Canecas", one size, `imageCount`
 * pictures of their own colour); `fields` override or add form fields. Returns its id.
 */
export async function createProduct(
  t: TestApp,
  admin: AuthHeaders,
  fields: Record<string, string> = {},
  imageCount = 1,
): Promise<number> {
  const n = ++productCounter;
  const pictures = await Promise.all(
    Array.from({ length: imageCount }, (_, i) => image({ r: (n * 37) % 256, g: i * 60, b: 90 })),
  );
  const res = await t.app.inject({
    method: "POST",
    url: "/api/product/create",
    headers: admin,
    payload: form({
      fields: {
        name: `Caneca ${n}`,
        description: "Caneca de cerâmica pintada à mão.",
        price: "12,50",
        categoria: "Canecas",
        sizes: "Único",
        ...fields,
      },
      files: pictures.map((data) => ({ data })),
    }) as unknown as string,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
