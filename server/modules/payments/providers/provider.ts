import { AppError } from "#server/core/errors.ts";
import { endOfLisbonDay } from "#server/core/time.ts";

/**
 * The one interface the shop uses to take payments. Two implementations:
 *  - sandbox (./sandbox.ts): offline, for development, demos and tests; the payment is
 *    "made" by the simulator calling the shop's callback like the gateway would;
 *  - ifthenpay (./ifthenpay.ts): the real gateway (Multibanco, MB WAY, Payshop).
 *
 * Contract:
 *  - create() validates the input (PaymentRejectedError, 400, pt-PT message for the shopper),
 *    asks the gateway for a reference / MB WAY request and returns what the shop must store
 *    in `payments` (entity, reference, requestId, phone, expiresAt, providerData) and show.
 *    Gateway trouble is a PaymentGatewayError (502, pt-PT message, never a key inside).
 *  - check() asks the gateway whether a stored payment was paid. It never changes anything;
 *    the caller moves the payment pending -> paid/failed/expired once. A payment the provider
 *    cannot verify on its own (sandbox; ifthenpay without a backoffice key) is reported
 *    "pending" until its expiry time has passed, then "expired": there the callback is the
 *    only source of truth.
 *  - Amounts are integer cents everywhere; money is never a float.
 */

export const PAYMENT_METHODS = ["mbway", "mb", "payshop"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CreatePaymentInput {
  /** The shop's order id (positive integer); also the gateway's orderId / id. */
  orderId: number;
  amountCents: number;
  method: PaymentMethod;
  /** MB WAY only: 9 digits starting 91/92/93/96; spaces and a +351/00351 prefix are tolerated. */
  phone?: string;
  email?: string;
  /** Shown by MB WAY in the shopper's app (cut to 100 characters). */
  description?: string;
}

/** What the shop stores in `payments` and shows on the payment page. */
export interface CreatedPayment {
  method: PaymentMethod;
  amountCents: number;
  /** Multibanco entity (5 digits). */
  entity?: string;
  /** Multibanco (9 digits, unformatted) or Payshop (13 digits) reference. */
  reference?: string;
  /** The gateway's request id: MB WAY and Payshop always, Multibanco dynamic references too. */
  requestId?: string;
  /** MB WAY: the normalised 9-digit phone. */
  phone?: string;
  /** After this the shop stops waiting (MB WAY: 4 minutes; references: end of the 3rd day, Lisbon). */
  expiresAt: Date;
  /**
   * Extra, non-secret gateway data to keep in payments.provider_data. Keys used:
   * `validade` ("YYYYMMDD", mb and payshop), `mode` ("offline" | "dynamic", mb).
   */
  providerData: Record<string, unknown>;
}

/** A stored payment, as check() needs it (a `payments` row fits: nulls are accepted). */
export interface PaymentToCheck {
  orderId: number;
  method: PaymentMethod;
  amountCents: number;
  entity?: string | null;
  reference?: string | null;
  requestId?: string | null;
  createdAt: Date;
  /** When absent, the default validity for the method counted from createdAt. */
  expiresAt?: Date | null;
}

export type PaymentCheck =
  | { status: "paid"; paidAt: Date; amountCents: number }
  /** `mismatch`: the gateway has a payment for this reference but of another amount; not paid. */
  | { status: "pending"; mismatch?: { amountCents: number } }
  | { status: "failed"; reason: "rejected" | "declined" }
  | { status: "expired" };

/** Money back on a paid MB WAY payment (ifthenpay's refund call; the sandbox's offline stand-in). */
export interface RefundInput {
  /** The paid MB WAY payment's gateway request id (payments.request_id). */
  requestId: string;
  amountCents: number;
}

/**
 * The gateway's final word on a refund. "refused": it answered and moved no money (Code other than "1"). Anything
 * without an answer (time-out, connection lost, 5xx, not JSON) is thrown as a PaymentGatewayError instead: then
 * nobody knows whether the money moved, and the caller must not simply send it again (returns/refunds.ts).
 */
export type RefundOutcome =
  | { status: "done"; answer: { code: string; message: string } }
  | {
      status: "refused";
      reason: RefundRefusal;
      /** pt-PT, for the admin. */
      message: string;
      answer: { code: string; message: string };
    };

export type RefundRefusal = "insufficient_funds" | "refused";

export const REFUND_REFUSAL_MESSAGES: Record<RefundRefusal, string> = {
  insufficient_funds:
    "O ifthenpay recusou o reembolso: não há saldo suficiente por liquidar na conta. Faça o reembolso por transferência bancária.",
  refused:
    "O ifthenpay recusou o reembolso. Confirme o pagamento no backoffice do ifthenpay ou reembolse por transferência.",
};

export interface PaymentProvider {
  readonly name: "sandbox" | "ifthenpay";
  /** The methods this provider is configured for, in the order to offer them. */
  readonly methods: readonly PaymentMethod[];
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  check(payment: PaymentToCheck): Promise<PaymentCheck>;
  /** Gives back `amountCents` of a paid MB WAY payment; never retried here (no idempotency key at the gateway). */
  refund(input: RefundInput): Promise<RefundOutcome>;
}

/** The checks before any refund call: a request id and a positive amount in cents. */
export function validateRefundInput(input: RefundInput): RefundInput {
  const requestId = typeof input.requestId === "string" ? input.requestId.trim() : "";
  if (!requestId) throw new PaymentDataIncompleteError("mbway");
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_AMOUNT_CENTS)
    throw new PaymentRejectedError("invalid_amount");
  return { requestId, amountCents: input.amountCents };
}

// ---------- errors ----------

export type GatewayFailure =
  | "timeout"
  | "network"
  | "http_status"
  | "rate_limited"
  | "invalid_json"
  | "unexpected_response"
  | "gateway_error"
  | "invalid_key"
  | "not_configured";

const GATEWAY_MESSAGES: Record<GatewayFailure, string> = {
  timeout: "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.",
  network: "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.",
  http_status: "O serviço de pagamentos não respondeu. Tente novamente dentro de momentos.",
  rate_limited: "O serviço de pagamentos está sobrecarregado. Tente novamente dentro de momentos.",
  invalid_json: "O serviço de pagamentos devolveu uma resposta inválida. Tente novamente dentro de momentos.",
  unexpected_response: "O serviço de pagamentos devolveu uma resposta inválida. Tente novamente dentro de momentos.",
  gateway_error:
    "O serviço de pagamentos não conseguiu processar o pedido. Tente novamente ou escolha outro método de pagamento.",
  invalid_key:
    "O serviço de pagamentos está indisponível de momento. Tente mais tarde ou escolha outro método de pagamento.",
  not_configured: "Este método de pagamento não está disponível de momento. Escolha outro método de pagamento.",
};

/**
 * The gateway failed us (502). Fields are safe to log: `reason`, the endpoint's short name,
 * the HTTP status and the gateway's status code; never a URL, key or response body.
 */
export class PaymentGatewayError extends AppError {
  readonly reason: GatewayFailure;
  readonly endpoint: string | undefined;
  readonly httpStatus: number | undefined;
  readonly gatewayCode: string | undefined;
  constructor(reason: GatewayFailure, info: { endpoint?: string; httpStatus?: number; gatewayCode?: string } = {}) {
    super(502, GATEWAY_MESSAGES[reason]);
    this.name = "PaymentGatewayError";
    this.reason = reason;
    this.endpoint = info.endpoint;
    this.httpStatus = info.httpStatus;
    this.gatewayCode = info.gatewayCode;
  }
}

export type RejectionReason = "invalid_phone" | "invalid_amount" | "amount_too_small" | "amount_too_large" | "declined";

const REJECTION_MESSAGES: Record<RejectionReason, string> = {
  invalid_phone: "Introduza um número de telemóvel MB WAY válido.",
  invalid_amount: "O valor a pagar não é válido.",
  amount_too_small: "O valor mínimo para pagamento por Multibanco é de 1,00 €.",
  amount_too_large: "O valor excede o máximo permitido para este método de pagamento.",
  declined: "O pagamento MB WAY foi recusado. Confirme o número de telemóvel ou escolha outro método de pagamento.",
};

/** The payment cannot be made as asked (400): the shopper can fix it or choose another method. */
export class PaymentRejectedError extends AppError {
  readonly reason: RejectionReason;
  constructor(reason: RejectionReason) {
    super(400, REJECTION_MESSAGES[reason]);
    this.name = "PaymentRejectedError";
    this.reason = reason;
  }
}

const INCOMPLETE_MESSAGES: Record<PaymentMethod, string> = {
  mb: "Dados incompletos para verificação MB",
  mbway: "Dados incompletos para verificação MB WAY",
  payshop: "Dados incompletos para verificação Payshop",
};

/** check() on a payment without the identifiers its method needs (the shopper reads these pt-PT messages on /carrinho). */
export class PaymentDataIncompleteError extends AppError {
  readonly method: PaymentMethod;
  constructor(method: PaymentMethod) {
    super(400, INCOMPLETE_MESSAGES[method]);
    this.name = "PaymentDataIncompleteError";
    this.method = method;
  }
}

// ---------- shared rules ----------

/** Largest amount any method takes: 8 digits of cents, the Multibanco reference's limit. */
export const MAX_AMOUNT_CENTS = 99_999_999;
/** The Multibanco reference script rejects amounts under 1 €. */
export const MB_MIN_AMOUNT_CENTS = 100;
/** MB WAY requests expire after 4 minutes at the gateway. */
export const MBWAY_WINDOW_MS = 4 * 60_000;
/** Multibanco and Payshop references stay valid until the end of the 3rd day (Lisbon). */
export const REFERENCE_VALIDITY_DAYS = 3;

/**
 * "912345678", "912 345 678", "+351 912345678", "00351912345678" -> "912345678";
 * anything that is not a Portuguese mobile (9 then 1, 2, 3 or 6, 9 digits) -> undefined.
 */
export function normalizeMbwayPhone(phone: string | undefined): string | undefined {
  if (typeof phone !== "string") return undefined;
  const compact = phone.replace(/[\s.-]/g, "").replace(/^(?:\+|00)351/, "");
  return /^9[1236]\d{7}$/.test(compact) ? compact : undefined;
}

export interface ValidPaymentInput {
  orderId: number;
  amountCents: number;
  method: PaymentMethod;
  phone: string | undefined;
  email: string | undefined;
  description: string | undefined;
}

/** The checks both providers make before anything else. */
export function validatePaymentInput(input: CreatePaymentInput): ValidPaymentInput {
  if (!Number.isSafeInteger(input.orderId) || input.orderId <= 0)
    throw new TypeError("orderId must be a positive integer");
  if (!(PAYMENT_METHODS as readonly string[]).includes(input.method)) throw new TypeError("unknown payment method");
  const cents = input.amountCents;
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new PaymentRejectedError("invalid_amount");
  if (cents > MAX_AMOUNT_CENTS) throw new PaymentRejectedError("amount_too_large");
  if (input.method === "mb" && cents < MB_MIN_AMOUNT_CENTS) throw new PaymentRejectedError("amount_too_small");
  let phone: string | undefined;
  if (input.method === "mbway") {
    phone = normalizeMbwayPhone(input.phone);
    if (!phone) throw new PaymentRejectedError("invalid_phone");
  }
  const email = input.email?.trim() || undefined;
  const description = input.description?.trim().slice(0, 100) || undefined;
  return { orderId: input.orderId, amountCents: cents, method: input.method, phone, email, description };
}

/** Default expiry of a payment created at `from`. */
export function defaultExpiry(method: PaymentMethod, from: Date): Date {
  return method === "mbway"
    ? new Date(from.getTime() + MBWAY_WINDOW_MS)
    : endOfLisbonDay(from, REFERENCE_VALIDITY_DAYS);
}

export function isExpired(payment: Pick<PaymentToCheck, "method" | "createdAt" | "expiresAt">, now: Date): boolean {
  const expiresAt = payment.expiresAt ?? defaultExpiry(payment.method, payment.createdAt);
  return now.getTime() > expiresAt.getTime();
}
