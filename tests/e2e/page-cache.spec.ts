import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "./fixtures.ts";
import { freePort } from "#tests/support/global-setup.ts";

/**
 * The anonymous page cache (server/http/page-cache.ts, decision 0017) on the real built pages, with two shop
 * processes sharing one database: a kept page is the page React renders (but for its nonce), a signed-in request
 * never gets one, and an admin's price change is on the next page of either instance.
 */
const root = path.resolve(import.meta.dirname, "../..");
const ADMIN = { email: "dono-cache@loja.pt", password: "dono-cache-123456" };

interface Shop {
  url: string;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startShop(env: Record<string, string>): Promise<Shop> {
  const port = await freePort();
  let out = "";
  const proc = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`shop exited early:\n${out}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, proc, output: () => out, exited };
    await sleep(100);
  }
  throw new Error(`shop did not become healthy:\n${out}`);
}

const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36" };
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")![1]!;

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { ...BROWSER, ...headers } });
  const body = await res.text();
  return { res, body, hit: res.headers.get("x-page-cache") === "hit", nonce: nonceOf(res) };
}

/** The page's bytes with its nonce written as N, and its headers but for those of the transport and the nonce. */
function comparable(p: Awaited<ReturnType<typeof page>>) {
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "x-page-cache"]);
  const headers = Object.fromEntries(
    [...p.res.headers].filter(([name]) => !skip.has(name)).map(([n, v]) => [n, v.replaceAll(p.nonce, "N")]),
  );
  return { status: p.res.status, headers, body: p.body.replaceAll(p.nonce, "N") };
}

test("visitors' pages come from the cache, equal to a fresh render, and follow a price change on both instances", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-page-cache-a-"));
  const dataDirB = mkdtempSync(path.join(os.tmpdir(), "loja-page-cache-b-"));
  const pgPort = await freePort();
  const shops: Shop[] = [];
  try {
    const a = await startShop({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DEMO_DATA: "auto" });
    shops.push(a);
    const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
    const b = await startShop({
      DATA_DIR: dataDirB,
      DATABASE_URL: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/loja`,
      DEMO_DATA: "off",
    });
    shops.push(b);

    const [first] = (await (await fetch(`${a.url}/api/product`)).json()) as { id: number }[];
    const id = first!.id;
    const product = (await (await fetch(`${a.url}/api/product/${id}`)).json()) as Record<string, string>;
    const url = (shop: Shop) => `${shop.url}/produto/${id}`;

    // The first visitor's request renders (and keeps) the page; the next ones are answered from memory.
    let fresh = await page(url(a));
    let hit = await page(url(a));
    for (let i = 0; i < 50 && !hit.hit; i++) [fresh, hit] = [hit, await page(url(a))];
    expect(hit.hit).toBe(true);
    expect(fresh.hit).toBe(false);
    expect(hit.nonce).not.toBe(fresh.nonce);
    expect(comparable(hit)).toEqual(comparable(fresh));
    expect(hit.body.split(`nonce="${hit.nonce}"`).length).toBeGreaterThan(2);
    expect(hit.body).not.toContain(fresh.nonce);

    // A signed-in admin never gets a kept page, and does not replace the visitors' one.
    const login = await fetch(`${a.url}/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const jar = Object.fromEntries(
      login.headers.getSetCookie().map((c) => c.split(";")[0]!.split("=") as [string, string]),
    );
    const admin = {
      cookie: `loja_session=${jar.loja_session}; loja_csrf=${jar.loja_csrf}`,
      "x-csrf-token": jar.loja_csrf!,
    };
    for (let i = 0; i < 3; i++) expect((await page(url(a), { cookie: admin.cookie })).hit).toBe(false);
    expect((await page(url(a))).hit).toBe(true);

    // Instance B keeps its own copy.
    await expect.poll(async () => (await page(url(b))).hit, { timeout: 10_000 }).toBe(true);

    // The admin changes the price on A: A's next visitor page shows it, and B's as soon as the NOTIFY has arrived.
    const form = new FormData();
    form.append("name", product.name!);
    form.append("description", product.description!);
    form.append("price", "47,30");
    form.append("categoria", product.categoria!);
    form.append("sizes", product.sizes!);
    const put = await fetch(`${a.url}/api/product/updateproductstock/${id}`, {
      method: "PUT",
      headers: admin,
      body: form,
    });
    expect(put.status, await put.text()).toBe(200);
    const nextA = await page(url(a));
    expect(nextA.hit).toBe(false);
    expect(nextA.body).toContain("47,30");
    await expect.poll(async () => (await page(url(b))).body.includes("47,30"), { timeout: 5_000 }).toBe(true);
    const keptB = await page(url(b));
    expect(keptB.body).toContain("47,30");
  } finally {
    for (const shop of shops.reverse()) {
      shop.proc.kill("SIGTERM");
      await shop.exited;
    }
    rmSync(dataDirB, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});
