import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { endOfLisbonDay, formatDmy, formatDmyHms, formatYmd, parseGatewayDateTime } from "./dates.ts";
import { amountToCents } from "./money.ts";
import { multibancoReference } from "./multibanco.ts";
import type { PaymentMethod } from "./provider.ts";
import { randomRequestId } from "./sandbox.ts";

/**
 * A local stand-in for ifthenpay (node:http on 127.0.0.1, random port) answering the
 * documented API: Multibanco dynamic references, MB WAY request and status, Payshop
 * references and the backoffice's payments/read. For tests and fault drills only.
 *
 *   const gw = await startGatewayStandIn();
 *   createIfthenpayProvider({ ...gw.keys, baseUrl: gw.url, payshopUrl: gw.payshopUrl });
 *   gw.setMode("slow");                 // every endpoint; or gw.setMode("down", "mbway_init")
 *   gw.markPaid({ requestId });         // MB WAY status 000 + listed by payments/read
 *   gw.requests                         // what the client sent, in order
 *
 * Modes: ok | down (connection reset, no answer) | http500 | slow (answers after slowMs) |
 * not_json (200 with an HTML page) | invalid_key (answers as for a wrong key) |
 * declined (MB WAY: 122) | error (each endpoint's generic error code).
 */

export type StandInMode = "ok" | "down" | "http500" | "slow" | "not_json" | "invalid_key" | "declined" | "error";
export type StandInEndpoint = "mb_init" | "mbway_init" | "mbway_status" | "payshop_init" | "payments_read";

export interface StandInKeys {
  mbKey: string;
  mbwayKey: string;
  payshopKey: string;
  backofficeKey: string;
}

export interface StandInOptions {
  keys?: Partial<StandInKeys>;
  /** Entity of the dynamic Multibanco references (default "12345"). */
  mbEntity?: string;
  /** Delay of the "slow" mode (default 5 000 ms). */
  slowMs?: number;
  now?: () => Date;
}

export interface RecordedRequest {
  endpoint: StandInEndpoint | "unknown";
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body, or undefined. */
  body: unknown;
  rawBody: string;
  at: Date;
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

export interface MarkPaidInput {
  /** Finds a payment the stand-in created, or describes one it did not (offline Multibanco). */
  reference?: string;
  requestId?: string;
  entity?: string;
  subEntity?: string;
  orderId?: string | number;
  /** Default: the created payment's amount. A different amount simulates a wrong transfer. */
  amountCents?: number;
  paidAt?: Date;
}

export interface GatewayStandIn {
  /** Base URL, for IfthenpayOptions.baseUrl. */
  url: string;
  /** For IfthenpayOptions.payshopUrl. */
  payshopUrl: string;
  keys: StandInKeys;
  requests: RecordedRequest[];
  created: StandInPayment[];
  paid: PaidEntry[];
  /** Without an endpoint: every endpoint (and overrides are cleared). */
  setMode(mode: StandInMode, endpoint?: StandInEndpoint): void;
  setSlowMs(ms: number): void;
  markPaid(input: MarkPaidInput): PaidEntry;
  setMbwayStatus(requestId: string, status: string): void;
  close(): Promise<void>;
}

const ROUTES: Record<string, StandInEndpoint> = {
  "POST /multibanco/reference/init": "mb_init",
  "POST /multibanco/reference/sandbox": "mb_init",
  "POST /spg/payment/mbway": "mbway_init",
  "GET /spg/payment/mbway/status": "mbway_status",
  "POST /api/payshop/reference": "payshop_init",
  "POST /v2/payments/read": "payments_read",
};

const MBWAY_MESSAGES: Record<string, string> = {
  "000": "Transação autorizada",
  "123": "Transação pendente",
  "020": "Transação recusada pelo utilizador",
  "101": "Transação expirada",
  "122": "Transação recusada",
};

const AMOUNT = /^\d{1,8}\.\d{2}$/;

export async function startGatewayStandIn(opts: StandInOptions = {}): Promise<GatewayStandIn> {
  const keys: StandInKeys = {
    mbKey: "MBK-000001",
    mbwayKey: "MBW-000001",
    payshopKey: "PSK-000001",
    backofficeKey: "1111-2222-3333-4444",
    ...opts.keys,
  };
  const mbEntity = opts.mbEntity ?? "12345";
  const now = opts.now ?? (() => new Date());
  let slowMs = opts.slowMs ?? 5_000;
  let defaultMode: StandInMode = "ok";
  const overrides = new Map<StandInEndpoint, StandInMode>();
  const requests: RecordedRequest[] = [];
  const created: StandInPayment[] = [];
  const paid: PaidEntry[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let sequence = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };

  function mbInit(mode: StandInMode, body: Record<string, unknown>) {
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
    if (mode === "invalid_key" || body.mbKey !== keys.mbKey) return fail("Chave MB inválida");
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
    const at = now();
    const reference = multibancoReference(mbEntity, "9", ++sequence, cents);
    const requestId = randomRequestId();
    created.push({
      method: "mb",
      orderId,
      amountCents: cents,
      entity: mbEntity,
      reference,
      requestId,
      createdAt: at,
      updatedAt: at,
    });
    return {
      Amount: amount,
      Entity: mbEntity,
      ExpiryDate: typeof days === "number" ? formatDmy(endOfLisbonDay(at, days)) : "",
      Message: "Success",
      OrderId: orderId,
      Reference: reference,
      RequestId: requestId,
      Status: "0",
    };
  }

  function mbwayInit(mode: StandInMode, body: Record<string, unknown>) {
    const fail = (status: string, message: string) => ({
      Amount: "",
      Message: message,
      OrderId: "",
      RequestId: "",
      Status: status,
    });
    if (mode === "invalid_key" || body.mbWayKey !== keys.mbwayKey) return fail("-1", "Chave MB WAY inválida");
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
    const at = now();
    const requestId = randomRequestId();
    created.push({
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

  function mbwayStatus(mode: StandInMode, query: Record<string, string>) {
    const answer = (status: string, payment?: StandInPayment) => ({
      CreatedAt: payment ? formatDmyHms(payment.createdAt) : "",
      Message: MBWAY_MESSAGES[status] ?? "Erro",
      RequestId: query.requestId ?? "",
      Status: status,
      UpdateAt: payment ? formatDmyHms(payment.updatedAt) : "",
    });
    if (mode === "invalid_key" || query.mbWayKey !== keys.mbwayKey) return answer("-1");
    if (mode === "error") return answer("999");
    const payment = created.find((p) => p.method === "mbway" && p.requestId === query.requestId);
    if (!payment) return answer("999");
    if (mode === "declined") return answer("122", payment);
    return answer(payment.mbwayStatus ?? "123", payment);
  }

  function payshopInit(mode: StandInMode, body: Record<string, unknown>) {
    const fail = (code: string, message: string) => ({ Code: code, Message: message, Reference: "", RequestId: "" });
    if (mode === "invalid_key" || body.payshopkey !== keys.payshopKey) return fail("102", "A payshopkey não é válida.");
    if (mode === "error") return fail("103", "Invalid parameter value.");
    const id = typeof body.id === "string" ? body.id : "";
    const valor = typeof body.valor === "string" ? body.valor : "";
    const cents = AMOUNT.test(valor) ? amountToCents(valor) : null;
    const validade = body.validade;
    if (!id || id.length > 15 || cents === null || cents <= 0) return fail("103", "Invalid parameter value.");
    if (validade !== undefined && validade !== null && !(typeof validade === "string" && /^\d{8}$/.test(validade))) {
      return fail("103", "Invalid parameter value.");
    }
    const at = now();
    const reference = String(randomInt(10_000, 100_000)) + String(++sequence).padStart(8, "0");
    const requestId = randomRequestId();
    created.push({
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

  function paymentsRead(mode: StandInMode, body: Record<string, unknown>) {
    if (mode === "invalid_key" || body.boKey !== keys.backofficeKey)
      return { message: "Invalid boKey", status: 403, payments: [] };
    if (mode === "error") return { message: "Erro interno", status: 500, payments: [] };
    const given = (name: string) => {
      const v = body[name];
      return v === undefined || v === null || v === "" ? undefined : String(v);
    };
    const start = parseGatewayDateTime(given("dateStart"));
    const end = parseGatewayDateTime(given("dateEnd"));
    const amount = given("amount");
    const list = paid.filter(
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

  function answer(endpoint: StandInEndpoint, mode: StandInMode, req: RecordedRequest, res: ServerResponse) {
    if (mode === "http500") {
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<html><body><h1>500 Internal Server Error</h1></body></html>");
      return;
    }
    if (mode === "not_json") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!DOCTYPE html><html><body>Serviço em manutenção</body></html>");
      return;
    }
    const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
    if (endpoint !== "mbway_status" && (req.body === undefined || typeof req.body !== "object")) {
      json(res, 400, { message: "Bad Request" });
      return;
    }
    switch (endpoint) {
      case "mb_init":
        return json(res, 200, mbInit(mode, body));
      case "mbway_init":
        return json(res, 200, mbwayInit(mode, body));
      case "mbway_status":
        return json(res, 200, mbwayStatus(mode, req.query));
      case "payshop_init":
        return json(res, 200, payshopInit(mode, body));
      case "payments_read":
        return json(res, 200, paymentsRead(mode, body));
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse, rawBody: string) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const endpoint = ROUTES[`${req.method} ${path}`];
    let body: unknown;
    try {
      body = rawBody ? (JSON.parse(rawBody) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      endpoint: endpoint ?? "unknown",
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      rawBody,
      at: now(),
    };
    requests.push(recorded);
    if (!endpoint) return json(res, 404, { message: "Not Found" });
    const mode = overrides.get(endpoint) ?? defaultMode;
    if (mode === "down") {
      req.socket.destroy();
      return;
    }
    if (mode === "slow") {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(endpoint, "ok", recorded, res);
      }, slowMs);
      timers.add(timer);
      res.on("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
      return;
    }
    answer(endpoint, mode, recorded, res);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    payshopUrl: `${url}/api/payshop/reference/`,
    keys,
    requests,
    created,
    paid,
    setMode(mode, endpoint) {
      if (endpoint) {
        overrides.set(endpoint, mode);
      } else {
        defaultMode = mode;
        overrides.clear();
      }
    },
    setSlowMs(ms) {
      slowMs = ms;
    },
    markPaid(input) {
      const known = created.find(
        (p) =>
          (input.requestId !== undefined && p.requestId === input.requestId) ||
          (input.reference !== undefined &&
            p.reference === input.reference &&
            (input.entity === undefined || p.entity === input.entity)),
      );
      const amountCents = input.amountCents ?? known?.amountCents;
      if (amountCents === undefined) throw new Error("markPaid: unknown payment; give amountCents");
      const paidAt = input.paidAt ?? now();
      if (known) {
        known.updatedAt = paidAt;
        if (known.method === "mbway") known.mbwayStatus = "000";
      }
      const entry: PaidEntry = {
        amountCents,
        entity:
          input.entity ??
          known?.entity ??
          (known?.method === "mbway" ? "MB WAY" : known?.method === "payshop" ? "PAYSHOP" : ""),
        subEntity: input.subEntity ?? "",
        reference: input.reference ?? known?.reference ?? known?.phone ?? "",
        requestId: input.requestId ?? known?.requestId ?? "",
        orderId: input.orderId !== undefined ? String(input.orderId) : (known?.orderId ?? ""),
        paidAt,
        terminal: "STANDIN-0001",
      };
      paid.push(entry);
      return entry;
    },
    setMbwayStatus(requestId, status) {
      const payment = created.find((p) => p.method === "mbway" && p.requestId === requestId);
      if (!payment) throw new Error("setMbwayStatus: unknown MB WAY request");
      payment.mbwayStatus = status;
      payment.updatedAt = now();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
