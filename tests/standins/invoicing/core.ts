import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * The part the InvoiceXpress and Vendus stand-ins share: a real HTTP server on 127.0.0.1 with routes, fault modes
 * (global or per endpoint), a record of every request, numbering per document type and series with ATCUD codes, and
 * a tiny valid PDF. For tests, fault drills and `npm run invoices:standin`; never part of the running shop.
 */

/**
 * ok | down (global: the port stops listening, so connections are refused; per endpoint: the connection is reset) |
 * http500 | slow (the request IS processed, the answer comes after slowMs: the client gives up, the document
 * exists) | not_json (200 with an HTML page) | invalid (422 with the service's error shape, nothing processed).
 */
export const FAULT_MODES = ["ok", "down", "http500", "slow", "not_json", "invalid"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface StandInRequest {
  endpoint: string;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** Parsed JSON body, or undefined (no body or not JSON). */
  body: unknown;
  rawBody: string;
  params: string[];
  at: Date;
}

export interface Reply {
  status: number;
  /** JSON body (omitted: empty body). */
  json?: unknown;
  /** A non-JSON body (the PDF). */
  raw?: { contentType: string; data: Buffer | string };
}

export interface Route {
  method: string;
  /** Matched against the path; capture groups become `params`. */
  pattern: RegExp;
  endpoint: string;
  /** False for public links (the PDF file). */
  auth?: boolean;
  handle(req: StandInRequest): Reply;
}

export interface CoreOptions {
  port?: number;
  slowMs?: number;
  routes: Route[];
  /** Null when the request carries the right key, else the service's 401 answer. */
  authorize(req: StandInRequest): Reply | null;
  /** The service's 422 shape for a message. */
  validationError(message: string): unknown;
  now?: () => Date;
  /** Told of every request and the status answered (the CLI prints them); the query string is left out. */
  onRequest?: (line: string) => void;
}

export interface StandInServer {
  url: string;
  port: number;
  requests: StandInRequest[];
  /** Without an endpoint: every endpoint (per-endpoint modes are cleared). Awaited: "down" closes the port. */
  setMode(mode: FaultMode, endpoint?: string): Promise<void>;
  setSlowMs(ms: number): void;
  close(): Promise<void>;
}

export const reject = (core: Pick<CoreOptions, "validationError">, message: string): Reply => ({
  status: 422,
  json: core.validationError(message),
});

export async function startStandInServer(opts: CoreOptions): Promise<StandInServer> {
  const now = opts.now ?? (() => new Date());
  let slowMs = opts.slowMs ?? 5_000;
  let defaultMode: FaultMode = "ok";
  const overrides = new Map<string, FaultMode>();
  const requests: StandInRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let listening = false;
  let closed = false;

  const send = (res: ServerResponse, reply: Reply) => {
    if (res.destroyed || res.writableEnded) return;
    const req = res.req;
    opts.onRequest?.(`${req.method} ${new URL(req.url ?? "/", "http://x").pathname} → ${reply.status}`);
    if (reply.raw) {
      res.writeHead(reply.status, { "content-type": reply.raw.contentType });
      res.end(reply.raw.data);
    } else if (reply.json === undefined) {
      res.writeHead(reply.status);
      res.end();
    } else {
      res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(reply.json));
    }
  };

  function handle(req: IncomingMessage, res: ServerResponse, rawBody: string) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/(.)\/+$/, "$1");
    let params: string[] = [];
    const route = opts.routes.find((r) => {
      if (r.method !== req.method) return false;
      const m = r.pattern.exec(path);
      if (m) params = m.slice(1);
      return Boolean(m);
    });
    let body: unknown;
    try {
      body = rawBody ? (JSON.parse(rawBody) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: StandInRequest = {
      endpoint: route?.endpoint ?? "unknown",
      method: req.method ?? "",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      rawBody,
      params,
      at: now(),
    };
    requests.push(recorded);
    if (!route) return send(res, { status: 404, json: { errors: [{ error: "Not Found" }] } });
    const mode = overrides.get(route.endpoint) ?? defaultMode;
    if (mode === "down") return void req.socket.destroy();
    if (mode === "http500")
      return send(res, { status: 500, raw: { contentType: "text/html", data: "<h1>500 Internal Server Error</h1>" } });
    if (mode === "not_json")
      return send(res, {
        status: 200,
        raw: { contentType: "text/html", data: "<!DOCTYPE html><html><body>Em manutenção</body></html>" },
      });
    if (mode === "invalid") return send(res, reject(opts, "Simulated validation error (stand-in fault mode)"));
    const denied = route.auth === false ? null : opts.authorize(recorded);
    const reply = denied ?? route.handle(recorded);
    if (mode !== "slow") return send(res, reply);
    // Processed now, answered late: a client that gave up finds the document with find().
    const timer = setTimeout(() => {
      timers.delete(timer);
      send(res, reply);
    }, slowMs);
    timers.add(timer);
    res.on("close", () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => res.destroy());
  });

  async function listen(port: number) {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    listening = true;
  }

  async function stopListening() {
    if (!listening) return;
    listening = false;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await done;
  }

  await listen(opts.port ?? 0);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    async setMode(mode, endpoint) {
      if (endpoint) {
        overrides.set(endpoint, mode);
        return;
      }
      defaultMode = mode;
      overrides.clear();
      if (mode === "down") await stopListening();
      else if (!listening && !closed) await listen(port);
    },
    setSlowMs(ms) {
      slowMs = ms;
    },
    async close() {
      closed = true;
      await stopListening();
    },
  };
}

/** Numbers per document type and series ("FR 2026/1") and the ATCUD (series validation code + "-" + number). */
export function createNumbering(validationCodes: Record<string, string> = {}) {
  const last = new Map<string, number>();
  return (type: string, series: string) => {
    const key = `${type} ${series}`;
    const sequence = (last.get(key) ?? 0) + 1;
    last.set(key, sequence);
    const code = validationCodes[type] ?? (type === "FR" ? "ABCD1234" : `${type}CD5678`.slice(0, 8));
    return { series, sequence, number: `${type} ${series}/${sequence}`, atcud: `${code}-${sequence}` };
  };
}

/** A one-page PDF with a line of text and a correct cross-reference table (opens in any viewer). */
export function tinyPdf(title: string): Buffer {
  const safe = title.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "");
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** "0.000000"-style decimal (number or string) → integer units of 10^-places, or null (too many places, sign…). */
export function decimalUnits(value: unknown, places: number): number | null {
  const text =
    typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value : "";
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim());
  if (!m || (m[2] ?? "").length > places) return null;
  return Number(m[1]) * 10 ** places + Number((m[2] ?? "").padEnd(places, "0") || "0");
}

/** "12.34" from cents. */
export const euros = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/**
 * The total the adapter says it expects (header `x-loja-total-esperado`, euros; issue 20): a document whose own total
 * differs is refused, so a discount lost on the way fails the tests. Null when it agrees or the header is absent.
 */
export function expectedTotalRefusal(req: StandInRequest, totalCents: number): string | null {
  const header = req.headers["x-loja-total-esperado"];
  if (header === undefined) return null;
  const want = decimalUnits(Array.isArray(header) ? header[0] : header, 2);
  if (want === null) return `Expected total '${String(header)}' is not an amount`;
  return want === totalCents ? null : `Total ${euros(totalCents)} differs from the adapter's expected ${euros(want)}`;
}
