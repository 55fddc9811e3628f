import { createHash, timingSafeEqual } from "node:crypto";
import { formatDmyHms, parseGatewayDateTime } from "#server/core/time.ts";
import { amountToCents, centsToAmount } from "#server/core/money.ts";

/**
 * The gateway's payment notification: a GET to a URL the shop registers with ifthenpay.
 * Pure helpers, no database: the route authenticates (verifyCallbackKey), parses
 * (parseCallback), then matches the payment among unpaid ones (entity + reference for
 * Multibanco, requestId for MB WAY and Payshop), compares amounts in cents, re-checks with
 * the provider and records the event once (payment_events unique (provider, eventKey)).
 *
 * Current form:  ?key=…&orderId=…&amount=…&requestId=…&entity=…&reference=…&payment_datetime=dd-MM-yyyy HH:mm:ss
 * Older form:    ?chave=…&entidade=…&referencia=…&valor=…&datahorapag=…&terminal=…   (Multibanco)
 *                ?chave=…&referencia=<order id>&idpedido=<request id>&valor=…&datahorapag=…&estado=PAGO|DEVOLVIDO (MB WAY)
 */

/** Where the shop receives callbacks (the route is registered elsewhere). */
export const CALLBACK_PATH = "/api/payments/callback";

export interface GatewayCallback {
  form: "current" | "legacy";
  /** "refund" only for the older MB WAY form with estado=DEVOLVIDO. */
  kind: "payment" | "refund";
  amountCents: number;
  orderId?: string;
  /** '+' restored where the query decoding turned it into a space. */
  requestId?: string;
  entity?: string;
  /** Without spaces. */
  reference?: string;
  paidAt?: Date;
  terminal?: string;
  /** Stable identity of this notification, for payment_events (provider, event_key). */
  eventKey: string;
  /** The query without the key: safe to log and to store as the event's payload. */
  payload: Record<string, string>;
}

export type CallbackProblem =
  "missing_key" | "duplicated_parameter" | "missing_amount" | "invalid_amount" | "missing_identifier" | "unknown_state";

export type ParsedCallback =
  { ok: true; key: string; callback: GatewayCallback } | { ok: false; problem: CallbackProblem };

const KEY_PARAMS = new Set(["key", "chave"]);

/** Empty values and unfilled placeholders ("[ENTITY]") count as absent. */
function present(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && !/^\[[A-Z_]+\]$/.test(v) ? v : undefined;
}

/**
 * Reads a callback query (as Fastify parses it: string or string[] values). Never throws;
 * a problem means "answer 200 and ignore" (permanent) except when the caller decides otherwise.
 */
export function parseCallback(query: Record<string, unknown>): ParsedCallback {
  const q: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) return { ok: false, problem: "duplicated_parameter" };
    if (typeof value === "string") q[name] = value;
    else if (typeof value === "number") q[name] = String(value);
  }
  const payload: Record<string, string> = {};
  for (const [name, value] of Object.entries(q)) if (!KEY_PARAMS.has(name)) payload[name] = value;

  const legacy = q.key === undefined && q.chave !== undefined;
  const key = legacy ? q.chave : q.key;
  if (!key) return { ok: false, problem: "missing_key" };

  const rawAmount = present(legacy ? q.valor : q.amount);
  if (rawAmount === undefined) return { ok: false, problem: "missing_amount" };
  const amountCents = amountToCents(rawAmount);
  if (amountCents === null || amountCents <= 0) return { ok: false, problem: "invalid_amount" };

  const restorePlus = (v: string | undefined) => v?.replace(/ /g, "+");
  const stripSpaces = (v: string | undefined) => v?.replace(/\s+/g, "");
  let orderId: string | undefined;
  let requestId: string | undefined;
  let entity: string | undefined;
  let reference: string | undefined;
  let kind: GatewayCallback["kind"] = "payment";
  let paidAtRaw: string | undefined;
  let terminal: string | undefined;

  if (legacy) {
    entity = present(q.entidade);
    const referencia = stripSpaces(present(q.referencia));
    const idpedido = restorePlus(present(q.idpedido));
    if (entity || !idpedido) {
      reference = referencia; // Multibanco (or Payshop): referencia is the payment reference
      requestId = idpedido;
    } else {
      orderId = referencia; // MB WAY: referencia is the shop's order reference, idpedido the request
      requestId = idpedido;
    }
    const estado = present(q.estado)?.toUpperCase();
    if (estado === "DEVOLVIDO") kind = "refund";
    else if (estado !== undefined && estado !== "PAGO") return { ok: false, problem: "unknown_state" };
    paidAtRaw = present(q.datahorapag);
    terminal = present(q.terminal);
  } else {
    orderId = present(q.orderId);
    requestId = restorePlus(present(q.requestId));
    entity = present(q.entity);
    reference = stripSpaces(present(q.reference));
    paidAtRaw = present(q.payment_datetime);
  }
  if (!reference && !requestId) return { ok: false, problem: "missing_identifier" };

  const eventKey = [kind, entity ?? "", reference ?? "", requestId ?? "", amountCents, paidAtRaw ?? ""].join("|");
  const paidAt = parseGatewayDateTime(paidAtRaw);
  const callback: GatewayCallback = {
    form: legacy ? "legacy" : "current",
    kind,
    amountCents,
    ...(orderId ? { orderId } : {}),
    ...(requestId ? { requestId } : {}),
    ...(entity ? { entity } : {}),
    ...(reference ? { reference } : {}),
    ...(paidAt ? { paidAt } : {}),
    ...(terminal ? { terminal } : {}),
    eventKey,
    payload,
  };
  return { ok: true, key, callback };
}

/** Constant-time comparison of the anti-phishing key (any lengths; empty expected = never). */
export function verifyCallbackKey(sent: unknown, expected: string): boolean {
  if (typeof sent !== "string" || expected.length === 0) return false;
  const a = createHash("sha256").update(sent, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b) && sent.length === expected.length;
}

export interface CallbackParams {
  amountCents: number;
  orderId?: string | number;
  requestId?: string;
  entity?: string;
  reference?: string;
  paidAt?: Date;
  terminal?: string;
  /** Older MB WAY form only. */
  state?: "PAGO" | "DEVOLVIDO";
}

export interface CallbackUrlOptions {
  /** Default CALLBACK_PATH; ignored when publicUrl already has a path other than "/". */
  path?: string;
  form?: "current" | "legacy";
  /** Leave '+' unencoded in the request id, as the gateway does (so it arrives as a space). Default true. */
  likeGateway?: boolean;
}

/**
 * The URL the gateway would call for this payment: used by the sandbox simulator and tests
 * to notify the shop exactly like ifthenpay.
 */
export function buildCallbackUrl(
  publicUrl: string,
  key: string,
  params: CallbackParams,
  options: CallbackUrlOptions = {},
): string {
  const url = new URL(publicUrl);
  if (url.pathname === "/" || url.pathname === "") url.pathname = options.path ?? CALLBACK_PATH;
  const form = options.form ?? "current";
  const likeGateway = options.likeGateway ?? true;
  const amount = centsToAmount(params.amountCents);
  const datetime = formatDmyHms(params.paidAt ?? new Date());
  const pairs: [string, string | undefined][] =
    form === "current"
      ? [
          ["key", key],
          ["orderId", params.orderId === undefined ? undefined : String(params.orderId)],
          ["amount", amount],
          ["requestId", params.requestId],
          ["entity", params.entity],
          ["reference", params.reference],
          ["payment_datetime", datetime],
        ]
      : [
          ["chave", key],
          ["entidade", params.entity],
          ["referencia", params.reference ?? (params.orderId === undefined ? undefined : String(params.orderId))],
          ["idpedido", params.requestId],
          ["valor", amount],
          ["datahorapag", datetime],
          ["terminal", params.terminal],
          ["estado", params.state],
        ];
  const query = pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => {
      const encoded = encodeURIComponent(value);
      return `${name}=${likeGateway && (name === "requestId" || name === "idpedido") ? encoded.replace(/%2B/g, "+") : encoded}`;
    })
    .join("&");
  url.search = query;
  return url.toString();
}

/** The template to paste into ifthenpay's backoffice ("URL de callback"). */
export function callbackUrlTemplate(publicUrl: string): string {
  return (
    publicUrl.replace(/\/+$/, "") +
    CALLBACK_PATH +
    "?key=[ANTI_PHISHING_KEY]&orderId=[ORDER_ID]&amount=[AMOUNT]&requestId=[REQUEST_ID]&entity=[ENTITY]&reference=[REFERENCE]&payment_datetime=[PAYMENT_DATETIME]"
  );
}
