import http from "node:http";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";

/* npm run bench: how each row is measured (autocannon), the plain server beside the shop, the login. */

// Bounded: the whole run stays under 2 minutes on a 2-vCPU machine (issue 3). The plain server's figure is steady,
// so it gets a shorter window than the shop's.
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
export const PLAIN_DURATION_S = Math.min(DURATION_S, 3);
export const ADMIN_DURATIONS = { shop: Math.min(DURATION_S, 3), plain: Math.min(DURATION_S, 2), warmUp: 0.5 };
export const CONNECTIONS = 10;

/** What went wrong during the run (non-2xx answers, errors), printed and written under the tables. */
export const notes: string[] = [];

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export async function measure(opts: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Headers node:http writes itself (per connection or per response), so they are not copied to the plain server. */
const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * One request without Accept-Encoding (autocannon sends none either): the exact bytes a benchmark client gets,
 * body and headers (the security headers, ETag… are part of the answer the client has to read).
 */
export function capture(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; headers: string[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const raw: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (!TRANSPORT_HEADERS.has(res.rawHeaders[i]!.toLowerCase()))
              raw.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          }
          resolve({ body: Buffer.concat(chunks), headers: raw });
        });
      })
      .on("error", reject);
  });
}

/**
 * A plain node:http server in a worker thread (its own event loop, like the shop's process), answering every request
 * with the same status, headers and body the shop sent: the difference is only what the shop does to produce them.
 */
export async function startPlain(
  body: Buffer,
  headers: string[],
): Promise<{ url: string; stop: () => Promise<number> }> {
  const worker = new Worker(
    `const http = require("node:http");
     const { parentPort, workerData } = require("node:worker_threads");
     const body = Buffer.from(workerData.body);
     const headers = [...workerData.headers, "content-length", String(body.length)];
     const server = http.createServer((req, res) => {
       res.writeHead(200, headers);
       res.end(body);
     });
     server.keepAliveTimeout = 72000;
     server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));`,
    { eval: true, workerData: { body, headers } },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => worker.terminate() };
}

export async function login(base: string, email: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${base}/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  const csrf = pairs.find((p) => p.startsWith("loja_csrf="))?.slice("loja_csrf=".length);
  if (!csrf) throw new Error(`login ${email}: no loja_csrf cookie`);
  return { cookie: pairs.join("; "), csrf: decodeURIComponent(csrf) };
}

export const ms = (v: number) => `${Math.round(v)} ms`;
export const rps = (v: number) => Math.round(v).toLocaleString("en-US");

/** Two measurements as one: requests/s over both, p50 averaged, the worse p99. */
export function combine(a: Measured, b: Measured): Measured {
  return {
    rps: (a.rps + b.rps) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    requests: a.requests + b.requests,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
  };
}

/**
 * One table row: the shop's answer to `path` under load, next to a plain server sending the same bytes.
 * The two are measured alternately, in two rounds (shop, plain, shop, plain), so a drift of the machine's speed
 * during the row (CPU steal, frequency) weighs on both sides alike instead of on whichever came second.
 */
export async function measureRead(
  base: string,
  ep: { name: string; path: string; headers: Record<string, string> },
  durations: { shop: number; plain: number; warmUp?: number } = { shop: DURATION_S, plain: PLAIN_DURATION_S },
): Promise<string> {
  const { body, headers } = await capture(base + ep.path, ep.headers);
  const plain = await startPlain(body, headers);
  // warm-ups (JIT, caches, pool connections), not measured
  await autocannon({
    url: base + ep.path,
    headers: ep.headers,
    connections: CONNECTIONS,
    duration: durations.warmUp ?? 1,
  });
  await autocannon({ url: plain.url, connections: CONNECTIONS, duration: 0.5 });
  const rounds: { s: Measured; p: Measured }[] = [];
  for (let round = 0; round < 2; round++) {
    const s = await measure({ url: base + ep.path, headers: ep.headers, duration: durations.shop / 2 });
    const p = await measure({ url: plain.url, duration: durations.plain / 2 });
    rounds.push({ s, p });
  }
  await plain.stop();
  const s = combine(rounds[0]!.s, rounds[1]!.s);
  const p = combine(rounds[0]!.p, rounds[1]!.p);
  const line =
    `| ${ep.name} | ${(body.length / 1024).toFixed(1)} KiB | ${rps(s.rps)} | ${ms(s.p50)} | ${ms(s.p99)} | ` +
    `${rps(p.rps)} | ${ms(p.p50)} | ${ms(p.p99)} | ${((s.rps / p.rps) * 100).toFixed(1)} % |`;
  if (s.non2xx || s.errors) notes.push(`${ep.name}: ${s.non2xx} non-2xx answers, ${s.errors} errors/timeouts`);
  console.log(line);
  return line;
}
