/**
 * Checkout rules and messages without zod, so browser code (the cart page) can use them without
 * shipping the schema library; server/modules/orders/schemas.ts builds the request schemas from them.
 */

export const ORDER_MESSAGES = {
  required: "Por favor, preencha todos os campos obrigatórios.",
  method: "Por favor, selecione um método de pagamento.",
  mbwayPhone: "Introduza um número de telemóvel MB WAY válido.",
  postalCode: "Código postal inválido: use o formato 0000-000.",
  phone: "Telefone inválido: indique 9 algarismos.",
  emptyCart: "O carrinho está vazio.",
  quantity: "Por favor, insira uma quantidade válida.",
  tooManyUnits: "Quantidade máxima por artigo: 99 unidades.",
  tooManyLines: "O carrinho não pode ter mais de 50 artigos diferentes.",
  foreignUser: "Não pode criar encomendas em nome de outro utilizador.",
  productUnknown: "Produto não encontrado",
  /** A hidden, deleted or unknown product, named nowhere (a visitor must not learn what the shop hides). */
  unavailable: "Este produto já não está disponível. Retire-o do carrinho.",
  invalidId: "ID do produto inválido",
  checkoutFailed: "Erro ao finalizar compra!",
} as const;

export const MBWAY_PHONE = /^9[1236]\d{7}$/;
/** A delivery phone once normalised (normalisePhone): 9 digits. */
export const DELIVERY_PHONE = /^\d{9}$/;
/** A Portuguese postal code, with or without its dash (0000-000). */
export const POSTAL_CODE = /^\d{4}-?\d{3}$/;

/*
 * Limits against stock hoarding (issue 11, 3.1): an unpaid order keeps its units out of the shop
 * until it expires (days, for Multibanco), so one account must not hold much of a variant unpaid.
 * Staff accounts are not limited (they can set the stock directly anyway).
 */
/** Units of one variant in one order, after lines of the same variant are merged. */
export const MAX_UNITS_PER_LINE = 99;
/** Orders one account may have waiting for payment at once. */
export const MAX_PENDING_ORDERS_PER_ACCOUNT = 5;
/** Units all the unpaid orders of one account may hold together. */
export const MAX_PENDING_UNITS_PER_ACCOUNT = 100;

export const pendingOrdersMessage = () =>
  `Já tem ${MAX_PENDING_ORDERS_PER_ACCOUNT} encomendas por pagar. Pague uma delas ou aguarde que expire antes de fazer uma nova encomenda.`;
export const pendingUnitsMessage = (held: number) =>
  `As encomendas por pagar de uma conta não podem reservar mais de ${MAX_PENDING_UNITS_PER_ACCOUNT} unidades ` +
  `(já tem ${held} reservada${held === 1 ? "" : "s"}). Pague as encomendas pendentes ou reduza as quantidades.`;

/** Digits only, without a +351/00351 prefix. */
export const normalisePhone = (raw: string) => raw.replace(/[\s.-]/g, "").replace(/^(\+|00)351/, "");
