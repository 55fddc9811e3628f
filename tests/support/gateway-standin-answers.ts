import { randomInt } from "node:crypto";
import { endOfLisbonDay, formatDmy, formatDmyHms, formatYmd, parseGatewayDateTime } from "#server/core/time.ts";
import { amountToCents } from "#server/core/money.ts";
import { multibancoReference } from "#server/modules/payments/multibanco.ts";
import type { PaymentMethod } from "#server/modules/payments/providers/provider.ts";
import { randomRequestId } from "#server/modules/payments/providers/sandbox.ts";

/*
 * What the ifthenpay stand-in (gateway-standin.ts) answers on each endpoint, per mode:
 * the documented success bodies and each endpoint's own failure codes.
 */

export type StandInMode = "ok" | "down" | "http500" | "slow" | "not_json" | "invalid_key" | "declined" | "error";
export type StandInEndpoint = "mb_init" | "mbway_init" | "mbway_status" | "payshop_init" | "payments_read" | "refund";

export interface StandInKeys {
  mbKey: string;
  mbwayKey: string;
  payshopKey: string;
  backofficeKey: string;
}

/** A payment request the stand-in created (dynamic MB, MB WAY, Payshop). */
export interface StandInPayment {
  method: PaymentMethod;
  orderId: string;
  amountCents: number;
  entity?: string;
  reference?: string;
  requestId: string;
  phone?: string;
  /** MB WAY status code: 123 pending, 000 paid, 020 rejected, 101 expired, 122 declined. */
  mbwayStatus?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A payment listed by payments/read. */
export interface PaidEntry {
  amountCents: number;
  entity: string;
  subEntity: string;
  reference: string;
  requestId: string;
  orderId: string;
  paidAt: Date;
  terminal: string;
}

/** A refund the stand-in made (Code "1"): what a test counts to prove nothing was refunded twice. */
export interface RefundEntry {
  requestId: string;
  amountCents: number;
  at: Date;
}

/** The stand-in's memory, shared by the endpoint answers. */
export interface StandInState {
  keys: StandInKeys;
  mbEntity: string;
  now: () => Date;
  created: StandInPayment[];
  paid: PaidEntry[];
  refunds: RefundEntry[];
  nextSequence(): number;
}

export const ROUTES: Record<string, StandInEndpoint> = {
  "POST /multibanco/reference/init": "mb_init",
  "POST /multibanco/reference/sandbox": "mb_init",
  "POST /spg/payment/mbway": "mbway_init",
  "GET /spg/payment/mbway/status": "mbway_status",
  "POST /api/payshop/reference": "payshop_init",
  "POST /v2/payments/read": "payments_read",
  "POST /api/endpoint/payments/refund": "refund",
};

export const MBWAY_MESSAGES: Record<string, string> = {
  "000": "Transação autorizada",
  "123": "Transação pendente",
  "020": "Transação recusada pelo utilizador",
  "101": "Transação expirada",
  "122": "Transação recusada",
};

const AMOUNT = /^\d{1,8}\.\d{2}$/;

export function mbInit(s: StandInState, mode: StandInMode, body: Record<string, unknown>) {
  const fail = (message: string) => ({
    Amount: "",
    Entity: "",
    ExpiryDate: "",
    Message: message,
    OrderId: "",
    Reference: "",
    RequestId: "",
    Status: "-1",
  });
  if (mode === "invalid_key" || body.mbKey !== s.keys.mbKey) return fail("Chave MB inválida");
  if (mode === "error") return fail("Erro ao gerar a referência");
  const orderId = typeof body.orderId === "string" ? body.orderId : "";
  const amount = typeof body.amount === "string" ? body.amount : "";
  const cents = AMOUNT.test(amount) ? amountToCents(amount) : null;
  const days = body.expiryDays;
  if (!orderId || orderId.length > 25 || cents === null || cents < 100) return fail("Parâmetros inválidos");
  if (
    days !== undefined &&
    days !== null &&
    !(Number.isInteger(days) && (days as number) >= 0 && (days as number) <= 31)
  ) {
    return fail("Parâmetros inválidos");
  }
  const at = s.now();
  const reference = multibancoReference(s.mbEntity, "9", s.nextSequence(), cents);
  const requestId = randomRequestId();
  s.created.push({
    method: "mb",
    orderId,
    amountCents: cents,
    entity: s.mbEntity,
    reference,
    requestId,
    createdAt: at,
    updatedAt: at,
  });
  return {
    Amount: amount,
    Entity: s.mbEntity,
    ExpiryDate: typeof days === "number" ? formatDmy(endOfLisbonDay(at, days)) : "",
    Message: "Success",
    OrderId: orderId,
    Reference: reference,
    RequestId: requestId,
    Status: "0",
  };
}

export function mbwayInit(s: StandInState, mode: StandInMode, body: Record<string, unknown>) {
  const fail = (status: string, message: string) => ({
    Amount: "",
    Message: message,
    OrderId: "",
    RequestId: "",
    Status: status,
  });
  if (mode === "invalid_key" || body.mbWayKey !== s.keys.mbwayKey) return fail("-1", "Chave MB WAY inválida");
  if (mode === "error") return fail("999", "Erro ao iniciar o pedido");
  if (mode === "declined") return fail("122", "Transação recusada");
  const orderId = typeof body.orderId === "string" ? body.orderId : "";
  const amount = typeof body.amount === "string" ? body.amount : "";
  const mobile = typeof body.mobileNumber === "string" ? body.mobileNumber : "";
  const cents = AMOUNT.test(amount) ? amountToCents(amount) : null;
  if (!orderId || orderId.length > 15 || cents === null || cents <= 0 || !/^351#9\d{8}$/.test(mobile)) {
    return fail("100", "Pedido incompleto");
  }
  if (typeof body.description === "string" && body.description.length > 100) return fail("100", "Pedido incompleto");
  const at = s.now();
  const requestId = randomRequestId();
  s.created.push({
    method: "mbway",
    orderId,
    amountCents: cents,
    requestId,
    phone: mobile.slice(4),
    mbwayStatus: "123",
    createdAt: at,
    updatedAt: at,
  });
  return {
    Amount: amount,
    Message: "Pedido efetuado com sucesso",
    OrderId: orderId,
    RequestId: requestId,
    Status: "000",
  };
}

export function mbwayStatus(s: StandInState, mode: StandInMode, query: Record<string, string>) {
  const answer = (status: string, payment?: StandInPayment) => ({
    CreatedAt: payment ? formatDmyHms(payment.createdAt) : "",
    Message: MBWAY_MESSAGES[status] ?? "Erro",
    RequestId: query.requestId ?? "",
    Status: status,
    UpdateAt: payment ? formatDmyHms(payment.updatedAt) : "",
  });
  if (mode === "invalid_key" || query.mbWayKey !== s.keys.mbwayKey) return answer("-1");
  if (mode === "error") return answer("999");
  const payment = s.created.find((p) => p.method === "mbway" && p.requestId === query.requestId);
  if (!payment) return answer("999");
  if (mode === "declined") return answer("122", payment);
  return answer(payment.mbwayStatus ?? "123", payment);
}

export function payshopInit(s: StandInState, mode: StandInMode, body: Record<string, unknown>) {
  const fail = (code: string, message: string) => ({ Code: code, Message: message, Reference: "", RequestId: "" });
  if (mode === "invalid_key" || body.payshopkey !== s.keys.payshopKey) return fail("102", "A payshopkey não é válida.");
  if (mode === "error") return fail("103", "Invalid parameter value.");
  const id = typeof body.id === "string" ? body.id : "";
  const valor = typeof body.valor === "string" ? body.valor : "";
  const cents = AMOUNT.test(valor) ? amountToCents(valor) : null;
  const validade = body.validade;
  if (!id || id.length > 15 || cents === null || cents <= 0) return fail("103", "Invalid parameter value.");
  if (validade !== undefined && validade !== null && !(typeof validade === "string" && /^\d{8}$/.test(validade))) {
    return fail("103", "Invalid parameter value.");
  }
  const at = s.now();
  const reference = String(randomInt(10_000, 100_000)) + String(s.nextSequence()).padStart(8, "0");
  const requestId = randomRequestId();
  s.created.push({
    method: "payshop",
    orderId: id,
    amountCents: cents,
    reference,
    requestId,
    createdAt: at,
    updatedAt: at,
  });
  return { Code: "0", Message: "Success", Reference: reference, RequestId: requestId };
}

export function paymentsRead(s: StandInState, mode: StandInMode, body: Record<string, unknown>) {
  if (mode === "invalid_key" || body.boKey !== s.keys.backofficeKey)
    return { message: "Invalid boKey", status: 403, payments: [] };
  if (mode === "error") return { message: "Erro interno", status: 500, payments: [] };
  const given = (name: string) => {
    const v = body[name];
    return v === undefined || v === null || v === "" ? undefined : String(v);
  };
  const start = parseGatewayDateTime(given("dateStart"));
  const end = parseGatewayDateTime(given("dateEnd"));
  const amount = given("amount");
  const list = s.paid.filter(
    (p) =>
      (given("entity") === undefined || given("entity") === p.entity) &&
      (given("subEntity") === undefined || given("subEntity") === p.subEntity) &&
      (given("reference") === undefined || given("reference") === p.reference) &&
      (given("orderId") === undefined || given("orderId") === p.orderId) &&
      (given("requestId") === undefined || given("requestId") === p.requestId) &&
      (amount === undefined || amountToCents(amount) === p.amountCents) &&
      (!start || p.paidAt >= start) &&
      (!end || p.paidAt <= end),
  );
  return {
    message: "OK",
    status: 200,
    payments: list.map((p) => ({
      amount: p.amountCents / 100,
      entity: p.entity,
      fee: 0.3,
      netAmount: (p.amountCents - 30) / 100,
      orderId: p.orderId,
      paymentDate: formatDmyHms(p.paidAt),
      procDate: formatYmd(p.paidAt),
      reference: p.reference,
      requestId: p.requestId,
      subEntity: p.subEntity,
      terminal: p.terminal,
    })),
  };
}

/**
 * POST /api/endpoint/payments/refund { backofficekey, requestId, amount: "12.50" } → { Code, Message }: "1" refunded;
 * "0" refused (wrong key, unknown or unpaid MB WAY request, bad amount, more than paid minus already refunded);
 * "-1" not enough unsettled balance (mode "declined"). Mode "error" refuses everything with "0".
 */
export function refund(s: StandInState, mode: StandInMode, body: Record<string, unknown>) {
  const fail = (code: string, message: string) => ({ Code: code, Message: message });
  if (mode === "invalid_key" || body.backofficekey !== s.keys.backofficeKey) return fail("0", "Invalid backoffice key");
  if (mode === "error") return fail("0", "Erro ao processar o reembolso");
  if (mode === "declined") return fail("-1", "Saldo insuficiente");
  const requestId = typeof body.requestId === "string" ? body.requestId : "";
  const amount = typeof body.amount === "string" ? body.amount : "";
  const cents = AMOUNT.test(amount) ? amountToCents(amount) : null;
  if (!requestId || cents === null || cents <= 0) return fail("0", "Parâmetros inválidos");
  const payment = s.created.find((p) => p.method === "mbway" && p.requestId === requestId);
  const paidCents = s.paid.filter((p) => p.requestId === requestId).reduce((sum, p) => sum + p.amountCents, 0);
  if (!payment || paidCents === 0) return fail("0", "Pagamento não encontrado");
  const refunded = s.refunds.filter((r) => r.requestId === requestId).reduce((sum, r) => sum + r.amountCents, 0);
  if (cents > paidCents - refunded) return fail("0", "Valor superior ao disponível para reembolso");
  s.refunds.push({ requestId, amountCents: cents, at: s.now() });
  return fail("1", "Successful refunded");
}
