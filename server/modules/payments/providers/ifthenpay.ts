import type { z } from "zod";
import {
  mbInitResponse,
  mbwayInitResponse,
  mbwayStatusResponse,
  payshopInitResponse,
  refundResponse,
  paymentsReadResponse,
} from "./ifthenpay-responses.ts";
import {
  endOfLisbonDay,
  formatDmyHms,
  formatYmd,
  parseGatewayDateEndOfDay,
  parseGatewayDateTime,
} from "#server/core/time.ts";
import { amountToCents, centsToAmount } from "#server/core/money.ts";
import { isValidEntity, isValidSubEntity, multibancoReference } from "#server/modules/payments/multibanco.ts";
import {
  MBWAY_WINDOW_MS,
  PaymentDataIncompleteError,
  PaymentGatewayError,
  PaymentRejectedError,
  REFERENCE_VALIDITY_DAYS,
  REFUND_REFUSAL_MESSAGES,
  isExpired,
  validatePaymentInput,
  validateRefundInput,
  type CreatedPayment,
  type GatewayFailure,
  type PaymentCheck,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentToCheck,
  type RefundOutcome,
  type ValidPaymentInput,
} from "./provider.ts";

/**
 * ifthenpay (https://ifthenpay.com/docs):
 *  - Multibanco: dynamic references through the MB KEY (POST {baseUrl}/multibanco/reference/init)
 *    when `mbKey` is set, otherwise offline references computed here from entity + sub-entity;
 *  - MB WAY: POST {baseUrl}/spg/payment/mbway, status GET {baseUrl}/spg/payment/mbway/status;
 *  - Payshop: POST {payshopUrl} (another host);
 *  - verification of Multibanco/Payshop: POST {baseUrl}/v2/payments/read with the backoffice
 *    key (rate limited: call it from the admin's "verify" and a slow job, not per page view);
 *  - MB WAY refund: POST {refundUrl} (https://ifthenpay.com/api/endpoint/payments/refund) with JSON
 *    { backofficekey, requestId, amount: "12.50" }; Code "1" refunded, "-1" not enough unsettled balance, else
 *    refused. The shape as ifthenpay's own modules send it (ifthenpay PrestaShop/OpenCart modules'
 *    API_URL_IFTHENPAY_POST_REFUND, the WooCommerce plugin's $refunds_url, Pipedream's ifthenpay.app.mjs
 *    refundPayment, upgradelabs' Laravel MBWayPaymentRefunds).
 *
 * A method is offered only when its key (or entity + sub-entity) is configured. Every call has
 * a timeout; every failure becomes a PaymentGatewayError or PaymentRejectedError whose message
 * is pt-PT text for the shopper and whose fields never hold a key, URL or response body.
 */
export interface IfthenpayOptions {
  mbKey?: string;
  entity?: string;
  subEntity?: string;
  mbwayKey?: string;
  payshopKey?: string;
  backofficeKey?: string;
  baseUrl?: string;
  payshopUrl?: string;
  refundUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  now?: () => Date;
}

type Endpoint = "mb_init" | "mbway_init" | "mbway_status" | "payshop_init" | "payments_read" | "refund";

const clean = (value: string | undefined) => value?.trim() || undefined;

export function createIfthenpayProvider(opts: IfthenpayOptions): PaymentProvider {
  const mbKey = clean(opts.mbKey);
  const entity = clean(opts.entity);
  const subEntity = clean(opts.subEntity);
  const mbwayKey = clean(opts.mbwayKey);
  const payshopKey = clean(opts.payshopKey);
  const backofficeKey = clean(opts.backofficeKey);
  if (entity !== undefined && !isValidEntity(entity)) throw new RangeError("Multibanco entity must be 5 digits");
  if (subEntity !== undefined && !isValidSubEntity(subEntity))
    throw new RangeError("Multibanco sub-entity must be 1 to 3 digits");
  if (Boolean(entity) !== Boolean(subEntity))
    throw new RangeError("Multibanco entity and sub-entity must be set together");
  const baseUrl = (opts.baseUrl ?? "https://api.ifthenpay.com").replace(/\/+$/, "");
  const payshopUrl = opts.payshopUrl ?? "https://ifthenpay.com/api/payshop/reference/";
  const refundUrl = opts.refundUrl ?? "https://ifthenpay.com/api/endpoint/payments/refund";
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const now = opts.now ?? (() => new Date());

  const methods: PaymentMethod[] = [];
  if (mbwayKey) methods.push("mbway");
  if (mbKey || entity) methods.push("mb");
  if (payshopKey) methods.push("payshop");

  /** One HTTP exchange: JSON in, JSON out, or a PaymentGatewayError. */
  async function call(endpoint: Endpoint, url: string, body?: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    let raw: string;
    try {
      response = await fetchImpl(url, {
        method: body === undefined ? "GET" : "POST",
        headers:
          body === undefined
            ? { accept: "application/json" }
            : { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch (err) {
      const name = (err as { name?: unknown } | null)?.name;
      throw new PaymentGatewayError(name === "TimeoutError" || name === "AbortError" ? "timeout" : "network", {
        endpoint,
      });
    }
    if (!response.ok) {
      const reason: GatewayFailure =
        response.status === 429
          ? "rate_limited"
          : response.status === 401 || response.status === 403
            ? "invalid_key"
            : "http_status";
      throw new PaymentGatewayError(reason, { endpoint, httpStatus: response.status });
    }
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new PaymentGatewayError("invalid_json", { endpoint, httpStatus: response.status });
    }
  }

  function parse<T>(endpoint: Endpoint, schema: z.ZodType<T>, data: unknown): T {
    const result = schema.safeParse(data);
    if (!result.success) throw new PaymentGatewayError("unexpected_response", { endpoint });
    return result.data;
  }

  const fail = (reason: GatewayFailure, endpoint: Endpoint, gatewayCode?: string) =>
    new PaymentGatewayError(reason, { endpoint, ...(gatewayCode === undefined ? {} : { gatewayCode }) });

  function notConfigured(endpoint: Endpoint) {
    return new PaymentGatewayError("not_configured", { endpoint });
  }

  async function createMultibanco(valid: ValidPaymentInput): Promise<CreatedPayment> {
    const at = now();
    if (!mbKey) {
      if (!entity || !subEntity) throw notConfigured("mb_init");
      const expiresAt = endOfLisbonDay(at, REFERENCE_VALIDITY_DAYS);
      return {
        method: "mb",
        amountCents: valid.amountCents,
        entity,
        reference: multibancoReference(entity, subEntity, valid.orderId, valid.amountCents),
        expiresAt,
        providerData: { mode: "offline", validade: formatYmd(expiresAt) },
      };
    }
    const endpoint = "mb_init";
    const data = parse(
      endpoint,
      mbInitResponse,
      await call(endpoint, `${baseUrl}/multibanco/reference/init`, {
        mbKey,
        orderId: String(valid.orderId),
        amount: centsToAmount(valid.amountCents),
        ...(valid.description ? { description: valid.description } : {}),
        expiryDays: REFERENCE_VALIDITY_DAYS,
      }),
    );
    if (data.Status !== "0")
      throw fail(data.Status === "-1" ? "gateway_error" : "unexpected_response", endpoint, data.Status);
    const reference = data.Reference.replace(/\s+/g, "");
    if (!isValidEntity(data.Entity) || !/^\d{9}$/.test(reference))
      throw fail("unexpected_response", endpoint, data.Status);
    if (data.Amount && amountToCents(data.Amount) !== valid.amountCents)
      throw fail("unexpected_response", endpoint, data.Status);
    const expiresAt = parseGatewayDateEndOfDay(data.ExpiryDate) ?? endOfLisbonDay(at, REFERENCE_VALIDITY_DAYS);
    return {
      method: "mb",
      amountCents: valid.amountCents,
      entity: data.Entity,
      reference,
      ...(data.RequestId ? { requestId: data.RequestId } : {}),
      expiresAt,
      providerData: { mode: "dynamic", validade: formatYmd(expiresAt) },
    };
  }

  async function createMbway(valid: ValidPaymentInput): Promise<CreatedPayment> {
    const endpoint = "mbway_init";
    if (!mbwayKey) throw notConfigured(endpoint);
    const at = now();
    const data = parse(
      endpoint,
      mbwayInitResponse,
      await call(endpoint, `${baseUrl}/spg/payment/mbway`, {
        mbWayKey: mbwayKey,
        orderId: String(valid.orderId),
        amount: centsToAmount(valid.amountCents),
        mobileNumber: `351#${valid.phone}`,
        ...(valid.email ? { email: valid.email } : {}),
        description: valid.description ?? `Encomenda n.º ${valid.orderId}`,
      }),
    );
    switch (data.Status) {
      case "000":
        if (!data.RequestId || data.RequestId.length > 100) throw fail("unexpected_response", endpoint, data.Status);
        return {
          method: "mbway",
          amountCents: valid.amountCents,
          requestId: data.RequestId,
          phone: valid.phone,
          expiresAt: new Date(at.getTime() + MBWAY_WINDOW_MS),
          providerData: {},
        };
      case "122":
        throw new PaymentRejectedError("declined");
      case "-1":
        throw fail("invalid_key", endpoint, data.Status);
      case "100":
      case "999":
        throw fail("gateway_error", endpoint, data.Status);
      default:
        throw fail("unexpected_response", endpoint, data.Status);
    }
  }

  async function createPayshop(valid: ValidPaymentInput): Promise<CreatedPayment> {
    const endpoint = "payshop_init";
    if (!payshopKey) throw notConfigured(endpoint);
    const expiresAt = endOfLisbonDay(now(), REFERENCE_VALIDITY_DAYS);
    const validade = formatYmd(expiresAt);
    const data = parse(
      endpoint,
      payshopInitResponse,
      await call(endpoint, payshopUrl, {
        payshopkey: payshopKey,
        id: String(valid.orderId),
        valor: centsToAmount(valid.amountCents),
        validade,
      }),
    );
    if (data.Code !== "0") {
      throw fail(
        data.Code === "102" ? "invalid_key" : data.Code === "103" ? "gateway_error" : "unexpected_response",
        endpoint,
        data.Code,
      );
    }
    if (!/^\d{13}$/.test(data.Reference)) throw fail("unexpected_response", endpoint, data.Code);
    return {
      method: "payshop",
      amountCents: valid.amountCents,
      reference: data.Reference,
      ...(data.RequestId ? { requestId: data.RequestId } : {}),
      expiresAt,
      providerData: { validade },
    };
  }

  const byTime = (payment: PaymentToCheck): PaymentCheck =>
    isExpired(payment, now()) ? { status: "expired" } : { status: "pending" };

  async function checkMbway(payment: PaymentToCheck): Promise<PaymentCheck> {
    const requestId = payment.requestId?.trim();
    if (!requestId) throw new PaymentDataIncompleteError("mbway");
    if (!mbwayKey) return byTime(payment);
    const endpoint = "mbway_status";
    const query = new URLSearchParams({ mbWayKey: mbwayKey, requestId });
    const data = parse(
      endpoint,
      mbwayStatusResponse,
      await call(endpoint, `${baseUrl}/spg/payment/mbway/status?${query}`),
    );
    switch (data.Status) {
      case "000":
        return {
          status: "paid",
          paidAt: parseGatewayDateTime(data.UpdateAt) ?? now(),
          amountCents: payment.amountCents,
        };
      case "123":
        return { status: "pending" };
      case "020":
        return { status: "failed", reason: "rejected" };
      case "122":
        return { status: "failed", reason: "declined" };
      case "101":
        return { status: "expired" };
      case "-1":
        throw fail("invalid_key", endpoint, data.Status);
      case "999":
        throw fail("gateway_error", endpoint, data.Status);
      default:
        throw fail("unexpected_response", endpoint, data.Status);
    }
  }

  /** Multibanco and Payshop: is there a payment for this reference in the backoffice? */
  async function checkByReference(payment: PaymentToCheck): Promise<PaymentCheck> {
    const reference = payment.reference?.replace(/\s+/g, "");
    const paymentEntity = payment.entity?.trim();
    if (payment.method === "mb" ? !reference || !paymentEntity : !reference)
      throw new PaymentDataIncompleteError(payment.method);
    if (!backofficeKey) return byTime(payment);
    const endpoint = "payments_read";
    const at = now();
    const offline =
      payment.method === "mb" &&
      entity !== undefined &&
      subEntity !== undefined &&
      paymentEntity === entity &&
      reference!.startsWith(subEntity);
    const data = parse(
      endpoint,
      paymentsReadResponse,
      await call(endpoint, `${baseUrl}/v2/payments/read`, {
        boKey: backofficeKey,
        entity: payment.method === "mb" ? paymentEntity : null,
        subEntity: offline ? subEntity : null,
        reference,
        requestId: null,
        dateStart: formatDmyHms(new Date(payment.createdAt.getTime() - 86_400_000)),
        dateEnd: formatDmyHms(new Date(at.getTime() + 86_400_000)),
      }),
    );
    if (data.status !== undefined && Number(data.status) !== 200) {
      const status = Number(data.status);
      throw fail(
        status === 401 || status === 403 ? "invalid_key" : status === 429 ? "rate_limited" : "gateway_error",
        endpoint,
        String(data.status),
      );
    }
    if (!data.payments) throw fail("unexpected_response", endpoint);
    const matches = data.payments.filter(
      (p) =>
        p.reference.replace(/\s+/g, "") === reference &&
        (payment.method !== "mb" || !p.entity || p.entity === paymentEntity),
    );
    const exact = matches.find((p) => amountToCents(p.amount) === payment.amountCents);
    if (exact)
      return {
        status: "paid",
        paidAt: parseGatewayDateTime(exact.paymentDate) ?? at,
        amountCents: payment.amountCents,
      };
    const other = matches.map((p) => amountToCents(p.amount)).find((c): c is number => c !== null);
    if (matches.length > 0)
      return other === undefined ? { status: "pending" } : { status: "pending", mismatch: { amountCents: other } };
    return byTime(payment);
  }

  /** One refund call, sent once: a failure without the gateway's answer is thrown, never retried here. */
  async function refund(input: { requestId: string; amountCents: number }): Promise<RefundOutcome> {
    const valid = validateRefundInput(input);
    const endpoint = "refund";
    if (!backofficeKey) throw notConfigured(endpoint);
    const data = parse(
      endpoint,
      refundResponse,
      await call(endpoint, refundUrl, {
        backofficekey: backofficeKey,
        requestId: valid.requestId,
        amount: centsToAmount(valid.amountCents),
      }),
    );
    const answer = { code: data.Code, message: data.Message.slice(0, 200) };
    if (data.Code === "1") return { status: "done", answer };
    const reason = data.Code === "-1" ? "insufficient_funds" : "refused";
    return { status: "refused", reason, message: REFUND_REFUSAL_MESSAGES[reason], answer };
  }

  return {
    name: "ifthenpay",
    methods,
    refund,

    async create(input) {
      const valid = validatePaymentInput(input);
      switch (valid.method) {
        case "mb":
          return createMultibanco(valid);
        case "mbway":
          return createMbway(valid);
        case "payshop":
          return createPayshop(valid);
      }
    },

    async check(payment) {
      return payment.method === "mbway" ? checkMbway(payment) : checkByReference(payment);
    },
  };
}
