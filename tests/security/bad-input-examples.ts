import { defaultSettings } from "#server/modules/settings/schemas.ts";

/* The bad-input sweep's plausible examples per route (bad-input-kit.ts), kept apart from the sweep's machinery. */

export interface Ids {
  user: number;
  product: number;
  variant: number;
  color: number;
  size: number;
  banner: number;
  order: number;
}

/** Plausible values for each route, so a hostile field is not the only thing wrong. */
export function examples(ids: Ids): Record<
  string,
  {
    params?: Record<string, unknown>;
    querystring?: Record<string, unknown>;
    body?: Record<string, unknown>;
    headers?: Record<string, unknown>;
  }
> {
  const delivery = {
    nome: "Ana",
    morada: "Rua A, 1",
    codigo_postal: "1000-001",
    cidade: "Lisboa",
    telefone: "912345678",
    entrega_rapida: false,
  };
  const promotion = {
    nome: "Saldos de teste",
    codigo: "SALDOS-BAD",
    tipo: "percentagem",
    valor: 10,
    minimo: "20,00",
    inicio: "2026-12-01T00:00",
    fim: "2026-12-31T23:59",
    usos_max: 100,
    usos_por_cliente: 1,
    categorias: [],
    produtos: [ids.product],
    acumulavel: false,
  };
  const order = {
    metodo_pagamento: "mb",
    telemovel: "912345678",
    dados_entrega: delivery,
    dados_faturacao: {
      nif: "123456789",
      nome: "Ana, Lda.",
      morada: "Rua B, 2",
      codigo_postal: "1000-002",
      cidade: "Lisboa",
    },
    items: [{ product_id: ids.product, quantity: 1, variant_id: ids.variant, cor: "Azul", tamanho: "M" }],
  };
  return {
    "POST /api/users/register": { body: { name: "Ana", email: "ana-bad@exemplo.pt", password: "segredo1" } },
    "GET /api/users/verificar-email": { querystring: { token: "abc" } },
    "POST /users/login": { body: { email: "ninguem@exemplo.pt", password: "errada!!" } },
    "PUT /api/users/me/password": { body: { currentPassword: "errada!!", newPassword: "nova-senha-1" } },
    "POST /api/users/forgot-password": { body: { email: "ninguem-bad@exemplo.pt" } },
    "POST /api/users/reset-password": { body: { token: "ligacao-invalida", password: "nova-senha-1" } },
    "POST /api/users/login-link": { body: { email: "ninguem-bad@exemplo.pt" } },
    "POST /api/users/login-link/use": { body: { token: "ligacao-invalida" } },
    "POST /api/users/me/delete": { body: { password: "errada!!" } },
    "GET /api/users/me/orders": { querystring: { page: 1, limit: 10 } },
    "GET /api/users/me/orders/:id": { params: { id: ids.order } },
    "POST /api/users/me/orders/:id/withdrawal": {
      params: { id: ids.order },
      body: { items: [{ order_line_id: 1, quantity: 1 }], iban: "PT50000201231234567890154", reason: "Não serviu" },
    },
    "PUT /api/users/me/orders/:id/withdrawal/:returnId": {
      params: { id: ids.order, returnId: 1 },
      body: { items: [{ order_line_id: 1, quantity: 1 }], iban: "PT50000201231234567890154" },
    },
    "POST /api/users/me/orders/:id/withdrawal/:returnId/cancel": { params: { id: ids.order, returnId: 1 } },
    "POST /api/withdrawal": { body: { order_id: ids.order, email: "ninguem-bad@exemplo.pt", reason: "Não serviu" } },
    "POST /api/withdrawal/link": { body: { token: "ligacao-invalida" } },
    "POST /api/promocoes": { body: promotion },
    "PUT /api/promocoes/:id": { params: { id: 1 }, body: promotion },
    "POST /api/withdrawal/link/confirm": {
      body: {
        token: "ligacao-invalida",
        items: [{ order_line_id: 1, quantity: 1 }],
        iban: "PT50000201231234567890154",
      },
    },
    "POST /api/withdrawal/link/cancel": { body: { token: "ligacao-invalida" } },
    "GET /api/users": { querystring: { page: 1, limit: 10, search: "maria" } },
    "GET /api/users/:id": { params: { id: ids.user } },
    "PUT /api/users/:id": {
      params: { id: ids.user },
      body: { name: "Rui", email: "rui-bad@exemplo.pt", function: "cliente" },
    },
    "DELETE /api/users/:id": { params: { id: ids.user } },
    "POST /api/email/send": { body: { user_id: ids.user, type: "boas-vindas" } },
    "POST /users/newuser": {
      body: { name: "Novo", email: "novo-bad@exemplo.pt", password: "segredo1", function: "admin" },
    },
    "POST /api/product/update": { body: { id: ids.banner } },
    "POST /api/product/createVariants": {
      body: { product_id: ids.product, color_id: ids.color, size_id: ids.size, stock: 3 },
    },
    "POST /api/product/create_color": { body: { cor: "Cor", color_hex: "#112233" } },
    "POST /api/product/create_size": { body: { tamanho: "T" } },
    "POST /api/product/categoria": { body: { tamanho: "M", cor: "Azul" } },
    "POST /api/cart/check": {
      body: { items: [{ product_id: ids.product, quantity: 1, variant_id: ids.variant, price: 15 }] },
    },
    "POST /api/cart/quote": {
      body: {
        items: [{ product_id: ids.product, quantity: 1, variant_id: ids.variant, price: 15 }],
        codigo_postal: "9500-321",
        entrega_rapida: true,
      },
    },
    "POST /orders": { body: order, headers: { "idempotency-key": "chave-idempotente-1" } },
    "POST /api/orders": { body: order, headers: { "idempotency-key": "chave-idempotente-2" } },
    "POST /api/payments/sandbox/simulate": { body: { order_id: 999_999, outcome: "paid" } },
    "GET /api/payments/exceptions": { querystring: { page: 1, limit: 10 } },
    "POST /api/payments/exceptions/:id/resolution": {
      params: { id: 999_999 },
      body: { resolution: "refund_due", note: "Cliente contactado." },
    },
    "POST /api/email/send-order-confirmation": {
      body: { order_id: 999_999, payment_data: { metodo: "mb", valor: 1, status: "paid" } },
    },
    "GET /api/stock/products": { querystring: { page: 1, limit: 10, search: "caneca" } },
    "GET /api/stock/low-stock": { querystring: { threshold: 5, page: 1, limit: 10, search: "caneca" } },
    "GET /api/product/admin": { querystring: { page: 1, limit: 10, search: "caneca" } },
    "PUT /api/stock/variant/:variantId": {
      params: { variantId: ids.variant },
      body: { newStock: 4, reason: "Inventário", notes: "ok" },
    },
    "GET /api/orders": { querystring: { page: 1, limit: 10, status: "paid", search: "Maria", from: "2026-01-01" } },
    "GET /api/orders/export.csv": {
      querystring: { order_status: "paid", method: "mb", search: "Maria", from: "2026-01-01", to: "2026-12-31" },
    },
    "GET /api/orders/por-tempo": { querystring: { days: 30 } },
    "GET /api/orders/:id": { params: { id: ids.order } },
    "POST /api/orders/:id/status": {
      params: { id: ids.order },
      body: { status: "enviada", carrier: "outra", tracking_number: "AB-1234", tracking_url: "https://exemplo.pt/s" },
    },
    "POST /api/orders/:id/notes": { params: { id: ids.order }, body: { message: "Cliente ligou." } },
    "POST /api/orders/:id/returns": {
      params: { id: ids.order },
      body: { items: [{ order_line_id: 999_999, quantity: 1 }], iban: "PT50000201231234567890154", reason: "Tamanho" },
    },
    "POST /api/orders/:id/refund": { params: { id: ids.order }, body: { action: "transfer" } },
    "POST /api/returns/:id/cancel": { params: { id: 999_999 }, body: { note: "Cliente desistiu da devolução." } },
    "POST /api/returns/:id/refund": { params: { id: 999_999 }, body: { action: "transfer" } },
    "POST /api/invoices/:id/manual": { params: { id: 999_999 }, body: { numero: "FR 2026/15" } },
    "POST /api/contact": {
      body: { nome: "Ana Sousa", email: "ana-contacto@exemplo.pt", mensagem: "Gostava de saber o prazo de entrega." },
    },
    "GET /api/contact/messages": { querystring: { page: 1, limit: 10, search: "encomenda" } },
    "POST /api/contact/messages/:id/handled": { params: { id: 999_999 } },
    "PUT /api/search/sinonimos": { body: { grupos: [["camisola", "t-shirt", "tshirt"]] } },
    "GET /api/search/sem-resultados": { querystring: { page: 1, pageSize: 10 } },
    "PUT /api/settings": {
      body: defaultSettings({ mainlandCents: 390, islandsCents: 790, fastCents: 290 }),
    },
  };
}
