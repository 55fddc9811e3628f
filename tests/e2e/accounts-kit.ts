import type { APIResponse } from "@playwright/test";
import { expect, request as playwrightRequest, type APIRequestContext } from "./fixtures.ts";
import { uniqueEmail } from "./support.ts";

/* Accounts, stock and orders made through the API, shared by the browser specs that need a shopper or an order. */

/**
 * A verified cliente made through the admin API (created, then demoted from the admin's default role): its e-mail
 * (unique, from `prefix`) and password.
 */
export async function createCliente(
  admin: APIRequestContext,
  csrf: string,
  who: { prefix: string; name: string; password: string },
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(who.prefix);
  const { name, password } = who;
  const headers = { "x-csrf-token": csrf };
  const created = await admin.post("/users/newuser", { headers, data: { name, email, password } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).user.id as number;
  const demoted = await admin.put(`/api/users/${id}`, { headers, data: { name, email, function: "cliente" } });
  expect(demoted.status(), await demoted.text()).toBe(200);
  return { email, password };
}

/** An API context signed in as this account, and its CSRF token. */
export async function signedInApi(
  baseURL: string | undefined,
  email: string,
  password: string,
): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post("/users/login", { data: { email, password } })).status()).toBe(200);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "loja_csrf")!.value;
  return { api, csrf };
}

/** A verified cliente made through the admin API, and an API context signed in as them. */
export async function signedInCliente(
  admin: APIRequestContext,
  csrf: string,
  baseURL: string | undefined,
  who: { prefix: string; name: string; password: string },
) {
  const { email, password } = await createCliente(admin, csrf, who);
  return { email, password, ...(await signedInApi(baseURL, email, password)) };
}

export interface InStock {
  productId: number;
  variantId: number;
  name: string;
}

/**
 * The products, in the catalogue's order, with a variant of at least `minStock` free units (the first such variant
 * of each), as the storefront reads them; `skip` leaves out the first ones found.
 */
export async function* productsInStock(api: APIRequestContext, minStock: number, skip = 0): AsyncGenerator<InStock> {
  const list = (await (await api.get("/api/product")).json()) as Array<{ id: number; name: string }>;
  let seen = 0;
  for (const product of list) {
    const detail = (await (await api.get(`/api/product/stockdetalhe/${product.id}`)).json()) as {
      variants: Array<{ id: number; stock: number }>;
    };
    const variant = detail.variants.find((v) => v.stock >= minStock);
    if (!variant || seen++ < skip) continue;
    yield { productId: product.id, variantId: variant.id, name: product.name };
  }
}

/** The first product with a variant of at least `minStock` free units (after `skip` of them). */
export async function firstInStock(api: APIRequestContext, minStock: number, skip = 0): Promise<InStock> {
  for await (const found of productsInStock(api, minStock, skip)) return found;
  throw new Error("no product with stock");
}

export interface Delivery {
  nome: string;
  morada: string;
  codigo_postal: string;
  cidade: string;
  telefone: string;
  entrega_rapida?: boolean;
}

/** POST /orders: a Multibanco order of these items to this address (`extra` adds fields such as dados_faturacao). */
export function postMbOrder(
  api: APIRequestContext,
  csrf: string,
  dados_entrega: Delivery,
  items: Array<{ product_id: number; variant_id: number; quantity: number }>,
  extra: Record<string, unknown> = {},
): Promise<APIResponse> {
  return api.post("/orders", {
    headers: { "x-csrf-token": csrf },
    data: { metodo_pagamento: "mb", dados_entrega, ...extra, items },
  });
}

/** A Multibanco order of these products (one unit each), paid through the sandbox and delivered by the admin. */
export async function deliveredOrder(
  shopper: { api: APIRequestContext; csrf: string },
  admin: { api: APIRequestContext; csrf: string },
  products: Array<{ productId: number; variantId: number }>,
): Promise<number> {
  const res = await postMbOrder(
    shopper.api,
    shopper.csrf,
    {
      nome: "Rita Devolve",
      morada: "Rua do Norte, 40",
      codigo_postal: "1200-286",
      cidade: "Lisboa",
      telefone: "913456789",
    },
    products.map((p) => ({ product_id: p.productId, variant_id: p.variantId, quantity: 1 })),
  );
  expect(res.status(), await res.text()).toBe(201);
  const orderId = (await res.json()).order_id as number;
  const headers = { "x-csrf-token": admin.csrf };
  const paid = await admin.api.post("/api/payments/sandbox/simulate", { headers, data: { order_id: orderId } });
  expect(paid.status(), await paid.text()).toBe(200);
  for (const data of [
    { status: "em_preparacao" },
    { status: "enviada", carrier: "ctt", tracking_number: "RR123456785PT" },
    { status: "entregue" },
  ]) {
    const step = await admin.api.post(`/api/orders/${orderId}/status`, { headers, data });
    expect(step.status(), await step.text()).toBe(200);
  }
  return orderId;
}

/** A line of the cart as the storefront keeps it in localStorage ("carrinho"). */
export interface CartLine {
  id: number;
  name: string;
  image: string;
  price: number;
  cor: string;
  tamanho: string;
  quantidade: number;
  variant_id: number;
}
