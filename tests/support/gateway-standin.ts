import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  mbInit,
  mbwayInit,
  mbwayStatus,
  paymentsRead,
  payshopInit,
  refund,
  ROUTES,
  type PaidEntry,
  type RefundEntry,
  type StandInEndpoint,
  type StandInKeys,
  type StandInMode,
  type StandInPayment,
  type StandInState,
} from "./gateway-standin-answers.ts";

export type {
  PaidEntry,
  RefundEntry,
  StandInEndpoint,
  StandInKeys,
  StandInMode,
  StandInPayment,
} from "./gateway-standin-answers.ts";

/**
 * A local stand-in for ifthenpay (node:http on 127.0.0.1, random port) answering the
 * documented API: Multibanco dynamic references, MB WAY request and status, Payshop
 * references, the backoffice's payments/read and the MB WAY refund. For tests and fault drills only.
 *
 *   const gw = await startGatewayStandIn();
 *   createIfthenpayProvider({ ...gw.keys, baseUrl: gw.url, payshopUrl: gw.payshopUrl, refundUrl: gw.refundUrl });
 *   gw.setMode("slow");                 // every endpoint; or gw.setMode("down", "mbway_init")
 *   gw.markPaid({ requestId });         // MB WAY status 000 + listed by payments/read
 *   gw.requests                         // what the client sent, in order
 *   gw.refunds                          // the refunds made (Code "1"), to count them
 *
 * Modes: ok | down (connection reset, no answer) | http500 | slow (answers after slowMs) |
 * not_json (200 with an HTML page) | invalid_key (answers as for a wrong key) |
 * declined (MB WAY: 122; refund: -1) | error (each endpoint's generic error code).
 */

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
  /** For IfthenpayOptions.refundUrl. */
  refundUrl: string;
  keys: StandInKeys;
  requests: RecordedRequest[];
  created: StandInPayment[];
  paid: PaidEntry[];
  refunds: RefundEntry[];
  /** Without an endpoint: every endpoint (and overrides are cleared). */
  setMode(mode: StandInMode, endpoint?: StandInEndpoint): void;
  setSlowMs(ms: number): void;
  markPaid(input: MarkPaidInput): PaidEntry;
  setMbwayStatus(requestId: string, status: string): void;
  close(): Promise<void>;
}

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
  const refunds: RefundEntry[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let sequence = 0;
  const state: StandInState = { keys, mbEntity, now, created, paid, refunds, nextSequence: () => ++sequence };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };

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
        return json(res, 200, mbInit(state, mode, body));
      case "mbway_init":
        return json(res, 200, mbwayInit(state, mode, body));
      case "mbway_status":
        return json(res, 200, mbwayStatus(state, mode, req.query));
      case "payshop_init":
        return json(res, 200, payshopInit(state, mode, body));
      case "payments_read":
        return json(res, 200, paymentsRead(state, mode, body));
      case "refund":
        return json(res, 200, refund(state, mode, body));
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
      // A slow refund is made at once and only answered late: the client's time-out then leaves it not knowing
      // whether the money moved, which is what the shop's refund path must survive without refunding twice.
      const made =
        endpoint === "refund" && recorded.body && typeof recorded.body === "object"
          ? refund(state, "ok", recorded.body as Record<string, unknown>)
          : undefined;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (made) json(res, 200, made);
        else answer(endpoint, "ok", recorded, res);
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
    refundUrl: `${url}/api/endpoint/payments/refund`,
    keys,
    requests,
    created,
    paid,
    refunds,
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
