import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "loja-config-"));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("configuration", () => {
  it("has working defaults and generates a persistent session secret", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it.each([
    [{ PORT: "oitenta" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_POOL_MAX: "1" }, "DATABASE_POOL_MAX"],
    [{ DATABASE_POOL_MAX: "muitas" }, "DATABASE_POOL_MAX"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ SESSION_SECRET: "curto" }, "SESSION_SECRET"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ ADMIN_EMAIL: "dono@loja.pt" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "nao-email", ADMIN_PASSWORD: "segredo1" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "dono@loja.pt", ADMIN_PASSWORD: "123456" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "dono@loja.pt", ADMIN_PASSWORD: "aaaaaaaa" }, "ADMIN_PASSWORD"],
    [{ INVOICE_PROVIDER: "primavera" }, "INVOICE_PROVIDER"],
    [{ INVOICE_PROVIDER: "invoicexpress", INVOICEXPRESS_API_KEY: "chave" }, "INVOICE_PROVIDER"],
    [{ INVOICE_PROVIDER: "vendus" }, "INVOICE_PROVIDER"],
    [{ INVOICE_PROVIDER: "vendus", VENDUS_API_KEY: "chave" }, "INVOICE_PROVIDER"],
    [{ INVOICEXPRESS_ACCOUNT: "a minha loja" }, "INVOICEXPRESS_ACCOUNT"],
    [{ INVOICE_RETRY_BASE_MS: "10" }, "INVOICE_RETRY_BASE_MS"],
  ])("refuses %j naming %s", (env, name) => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(new RegExp(`^\\s*${name}:`, "m"));
  });

  it("reads the invoicing settings: none by default, the adapter's variables when chosen", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).invoicing).toMatchObject({ provider: "none", retryBaseMs: 30_000 });
    const ix = loadConfig({
      DATA_DIR: dataDir(),
      INVOICE_PROVIDER: "invoicexpress",
      INVOICEXPRESS_ACCOUNT: "minhaloja",
      INVOICEXPRESS_API_KEY: "chave-secreta",
      INVOICEXPRESS_BASE_URL: "http://127.0.0.1:4010",
      INVOICE_TIMEOUT_MS: "5000",
    }).invoicing;
    expect(ix).toMatchObject({
      provider: "invoicexpress",
      timeoutMs: 5000,
      invoicexpress: { account: "minhaloja", apiKey: "chave-secreta", baseUrl: "http://127.0.0.1:4010" },
    });
  });

  it("reads the pool size, and leaves it to the database client when unset", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_MAX: "32" }).databasePoolMax).toBe(32);
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePoolMax).toBeUndefined();
  });

  it("makes cookies Secure when PUBLIC_URL is https", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://loja.example/" });
    expect(config.secureCookies).toBe(true);
    expect(config.publicUrl).toBe("https://loja.example");
  });

  it("does not write a secret when SESSION_SECRET is given", () => {
    const dir = dataDir();
    loadConfig({ DATA_DIR: dir, SESSION_SECRET: "x".repeat(40) });
    expect(existsSync(path.join(dir, "session-secret"))).toBe(false);
  });
});
