import { eq } from "drizzle-orm";
import sharp from "sharp";
import { users } from "#server/modules/accounts/schema.ts";
import { expect } from "vitest";
import type { TestApp } from "./db.ts";
import { signIn } from "./factories.ts";
import type { AuthHeaders } from "./http.ts";
import { sendPaidCallback } from "./payments.ts";

/*
 * A catalogue where every fact differs from product to product (pictures, price, category,
 * model, stock per variant) and real orders placed through POST /orders, for the value tests:
 * each list, summary and report answer is compared with the same fact read another way.
 * Built only through the API, as the admin and shoppers would.
 */

export const CALLBACK_KEY = "chave-anti-phishing-dos-testes-de-valores";

/** The environment the value tests' app needs (Multibanco entity, a known callback key). */
export const VALUES_ENV = { MB_ENTITY: "12345", MB_SUBENTITY: "123", PAYMENT_CALLBACK_KEY: CALLBACK_KEY };

export interface PlannedVariant {
  color: string;
  size?: string;
  stock: number;
}

export interface PlannedProduct {
  key: string;
  name: string;
  price: string;
  priceCents: number;
  categoria: string;
  modeloId: number;
  status: 0 | 1;
  /** How many pictures; each one a different colour, so each file differs. */
  images: number;
  variants: PlannedVariant[];
}

/** One planned product; variants as [colour, size or undefined, stock]; the price's cents read from its text. */
function plan(
  key: string,
  name: string,
  price: string,
  categoria: string,
  modeloId: number,
  status: 0 | 1,
  images: number,
  variants: Array<[string, string | undefined, number]>,
): PlannedProduct {
  return {
    key,
    name,
    price,
    priceCents: Number(price.replace(",", "")),
    categoria,
    modeloId,
    status,
    images,
    variants: variants.map(([color, size, stock]) => (size ? { color, size, stock } : { color, stock })),
  };
}

/**
 * Six products. Zero-stock variants (3) differ from products without stock (2); low variants
 * 1..10 (4) differ from products with a low variant (3), so a count of the wrong thing shows.
 */
export const PLAN: readonly PlannedProduct[] = [
  plan("caneca", "Caneca Lisboa", "12,90", "Canecas Valor", 11, 1, 2, [
    ["Azul Valor", "M-V", 20],
    ["Preto Valor", "M-V", 0],
    ["Branco Valor", "L-V", 7],
  ]),
  plan("tshirt", "T-shirt Porto", "19,50", "T-shirts Valor", 11, 1, 3, [
    ["Azul Valor", "S-V", 3],
    ["Azul Valor", "M-V", 9],
    ["Preto Valor", "L-V", 30],
  ]),
  plan("agenda", "Agenda Coimbra", "8,75", "Agendas Valor", 12, 1, 1, [
    ["Branco Valor", undefined, 0],
    ["Preto Valor", undefined, 0],
  ]),
  plan("saco", "Saco Braga", "24,00", "Sacos Valor", 13, 1, 2, [
    ["Verde Valor", "M-V", 12],
    ["Verde Valor", "L-V", 40],
  ]),
  plan("postal", "Postal Faro", "2,35", "Postais Valor", 11, 0, 1, [["Azul Valor", undefined, 6]]),
  plan("iman", "Íman Évora", "4,10", "Ímanes Valor", 14, 1, 2, []),
];

export interface BuiltCatalogue {
  admin: AuthHeaders;
  /** Product id by plan key. */
  productIds: Record<string, number>;
  /** Variant id by "planKey:color:size". */
  variantIds: Record<string, number>;
  colorIds: Record<string, number>;
  sizeIds: Record<string, number>;
}

let pictureSeed = 0;
/** A picture no other call returns (its own colour), so every stored file differs. */
function picture(): Promise<Buffer> {
  pictureSeed++;
  const background = { r: (pictureSeed * 53) % 256, g: (pictureSeed * 97) % 256, b: (pictureSeed * 151) % 256 };
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
}

export const variantKey = (productKey: string, v: PlannedVariant) => `${productKey}:${v.color}:${v.size ?? ""}`;

export async function buildCatalogue(t: TestApp): Promise<BuiltCatalogue> {
  const admin = (await signIn(t, "admin")).headers;
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: "POST", url, headers: admin, payload: payload as string });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  const colorIds: Record<string, number> = {};
  const sizeIds: Record<string, number> = {};
  const colorNames = [...new Set(PLAN.flatMap((p) => p.variants.map((v) => v.color)))];
  const sizeNames = [...new Set(PLAN.flatMap((p) => p.variants.flatMap((v) => (v.size ? [v.size] : []))))];
  for (const [i, cor] of colorNames.entries()) {
    const body = await post("/api/product/create_color", {
      cor,
      color_hex: `#${(0x102030 + i * 0x111111).toString(16).slice(-6)}`,
    });
    colorIds[cor] = (body.id ?? body.color?.id) as number;
  }
  for (const tamanho of sizeNames) {
    const body = await post("/api/product/create_size", { tamanho });
    sizeIds[tamanho] = (body.id ?? body.size?.id) as number;
  }
  for (const [name, id] of Object.entries({ ...colorIds, ...sizeIds })) expect(id, name).toBeTypeOf("number");

  const productIds: Record<string, number> = {};
  const variantIds: Record<string, number> = {};
  for (const p of PLAN) {
    const fd = new FormData();
    fd.append("name", p.name);
    fd.append("description", `Descrição própria de ${p.name}.`);
    fd.append("price", p.price);
    fd.append("categoria", p.categoria);
    fd.append("sizes", "S,M,L");
    fd.append("modelo_id", String(p.modeloId));
    fd.append("status", String(p.status));
    for (let i = 0; i < p.images; i++) {
      fd.append("images", new Blob([new Uint8Array(await picture())], { type: "image/png" }), `foto-${p.key}-${i}.png`);
    }
    const created = await post("/api/product/create", fd);
    productIds[p.key] = created.id as number;
    for (const v of p.variants) {
      const body = await post("/api/product/createVariants", {
        product_id: created.id,
        color_id: colorIds[v.color],
        ...(v.size ? { size_id: sizeIds[v.size] } : {}),
        stock: v.stock,
      });
      variantIds[variantKey(p.key, v)] = (body.id ?? body.variant?.id) as number;
    }
  }
  for (const [name, id] of Object.entries(variantIds)) expect(id, name).toBeTypeOf("number");
  return { admin, productIds, variantIds, colorIds, sizeIds };
}

export const delivery = {
  nome: "Marta Valente",
  morada: "Rua dos Valores, 7",
  codigo_postal: "1200-007",
  cidade: "Lisboa",
  telefone: "912345678",
  entrega_rapida: false,
};

export interface Shopper {
  id: number;
  name: string;
  email: string;
  headers: AuthHeaders;
}

export async function newShopper(t: TestApp): Promise<Shopper> {
  const { id, email, headers } = await signIn(t, "cliente");
  const [me] = await t.db.select().from(users).where(eq(users.id, id));
  return { id, name: me!.name, email, headers };
}

/** Places a real order (POST /orders) and returns its id. */
export async function placeOrder(
  t: TestApp,
  shopper: Shopper,
  method: "mb" | "mbway" | "payshop",
  items: Array<{ product_id: number; variant_id: number; quantity: number }>,
): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/orders",
    headers: shopper.headers,
    payload: { user_id: shopper.id, metodo_pagamento: method, telemovel: "912345678", dados_entrega: delivery, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order_id as number;
}

/** The gateway's "paid" notification for the order, through the real callback route. */
export async function payOrder(t: TestApp, orderId: number): Promise<void> {
  const res = await sendPaidCallback(t, orderId, CALLBACK_KEY);
  expect(res.statusCode, res.body).toBe(200);
}

/** Every page of a paged admin list (X-Total-Count), checking the pages add up to the total. */
export async function allPages<T>(t: TestApp, headers: AuthHeaders, path: string, limit: number): Promise<T[]> {
  const items: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; items.length < total; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await t.app.inject({ method: "GET", url: `${path}${sep}page=${page}&limit=${limit}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    total = Number(res.headers["x-total-count"]);
    const got = res.json() as T[];
    if (got.length === 0) break;
    items.push(...got);
  }
  expect(items).toHaveLength(total);
  return items;
}
