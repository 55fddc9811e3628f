import type { TestApp } from "../../tests/support/db.ts";
import type { AuthHeaders } from "../../tests/support/http.ts";
import { colors, products, sizes, variants } from "../db/schema.ts";

/** Test data for the checkout tests: products with their own variants, a delivery address, a checkout call. */

export const delivery = {
  nome: "Ana Cliente",
  morada: "Rua das Flores, 12",
  codigo_postal: "1100-123",
  cidade: "Lisboa",
  telefone: "912345678",
  entrega_rapida: false,
};

/** A product with one variant per size (one colour of its own) and `stock` units each. */
export async function seedProduct(t: TestApp, priceCents: number, stock: number, opts: { status?: number; sizes?: string[]; name?: string } = {}) {
  const [p] = await t.db
    .insert(products)
    .values({
      name: opts.name ?? `Produto ${Math.random().toString(36).slice(2, 7)}`,
      priceCents,
      status: opts.status ?? 1,
      sizes: (opts.sizes ?? ["M"]).join(","),
    })
    .returning();
  const [color] = await t.db.insert(colors).values({ name: `Cor ${p!.id}` }).returning();
  const created = [];
  for (const name of opts.sizes ?? ["M"]) {
    const [size] = await t.db.insert(sizes).values({ name: `${name}-${p!.id}` }).onConflictDoNothing().returning();
    const [v] = await t.db.insert(variants).values({ productId: p!.id, colorId: color!.id, sizeId: size!.id, stock }).returning();
    created.push(v!);
  }
  return { product: p!, variants: created, colorName: color!.name };
}

export const checkout = (t: TestApp, headers: AuthHeaders, body: object) =>
  t.app.inject({ method: "POST", url: "/orders", headers, payload: { metodo_pagamento: "mb", dados_entrega: delivery, ...body } });
