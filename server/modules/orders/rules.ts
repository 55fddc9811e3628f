/**
 * Checkout rules and messages, and the carriers' tracking links, without zod, so browser code (the cart page, the
 * admin order page) can use them without shipping the schema library; server/modules/orders/schemas.ts builds
 * the request schemas from them.
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

// ---------- carriers and tracking links ----------

/*
 * The link is built once, when the order is shipped, and stored in orders.tracking_url, so the shopper's
 * e-mail, /conta and the admin page all show the same link. The admin order page imports the carriers'
 * names from here.
 */

export const CARRIERS = ["ctt", "dpd", "gls", "ups", "outra"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = {
  ctt: "CTT",
  dpd: "DPD",
  gls: "GLS",
  ups: "UPS",
  outra: "Outra transportadora",
};

/** A tracking number as carriers print them: letters, digits, and dashes or spaces between groups. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;
export const TRACKING_URL_MAX = 500;

/** Each known carrier's public tracking page for one number (Portuguese pages where the carrier has them). */
const TRACKING_PAGES: Record<Exclude<Carrier, "outra">, (number: string) => string> = {
  ctt: (n) => `https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=${n}`,
  dpd: (n) => `https://tracking.dpd.de/status/pt_PT/parcel/${n}`,
  gls: (n) => `https://gls-group.com/PT/pt/seguir-envio/?match=${n}`,
  ups: (n) => `https://www.ups.com/track?loc=pt_PT&tracknum=${n}`,
};

/** The number as stored and put in links: spaces dropped, letters upper-case ("rr 1234 pt" → "RR1234PT"). */
export const normaliseTrackingNumber = (raw: string) => raw.replace(/\s+/g, "").toUpperCase();

/**
 * The link the shopper follows: built from the number for CTT, DPD, GLS and UPS; for 'outra', the
 * shop's own https link (required and checked by the request schema, schemas.ts).
 */
export function trackingUrl(carrier: Carrier, trackingNumber: string, customUrl?: string): string {
  if (carrier === "outra") return customUrl ?? "";
  return TRACKING_PAGES[carrier](encodeURIComponent(normaliseTrackingNumber(trackingNumber)));
}
