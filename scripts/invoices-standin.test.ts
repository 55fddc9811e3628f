import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createInvoiceProvider } from "#server/modules/invoicing/providers/factory.ts";
import { InvoiceProviderError } from "#server/modules/invoicing/providers/provider.ts";
import { invoiceRequest } from "#tests/support/invoice-standin.ts";

/** `npm run invoices:standin`: the variables it prints point the factory's adapter at it; stdin switches faults. */

let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  child?.kill("SIGTERM");
  child = undefined;
});

function start(provider: string) {
  const proc = spawn(process.execPath, ["scripts/invoices-standin.ts", "--provider", provider, "--port", "0"]);
  child = proc;
  let out = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  const env = async () => {
    await vi.waitFor(() => expect(out).toContain("Type a fault mode"), { timeout: 15_000 });
    return Object.fromEntries([...out.matchAll(/^ {2}([A-Z_]+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
  };
  return { proc, env, output: () => out };
}

describe("invoices:standin", () => {
  it.each(["invoicexpress", "vendus"])(
    "%s: the printed variables work; typing 'down' refuses connections",
    async (name) => {
      const cli = start(name);
      const env = await cli.env();
      expect(env.INVOICE_PROVIDER).toBe(name);
      const provider = createInvoiceProvider({
        provider: env.INVOICE_PROVIDER as "invoicexpress" | "vendus",
        timeoutMs: 2_000,
        invoicexpress: {
          account: env.INVOICEXPRESS_ACCOUNT,
          apiKey: env.INVOICEXPRESS_API_KEY,
          baseUrl: env.INVOICEXPRESS_BASE_URL,
        },
        vendus: {
          apiKey: env.VENDUS_API_KEY,
          paymentMethodId: env.VENDUS_PAYMENT_METHOD_ID,
          baseUrl: env.VENDUS_BASE_URL,
        },
      });
      const doc = await provider.issueInvoice(invoiceRequest({ nif: "123456789" }));
      expect(doc).toMatchObject({ number: "FR 2026/1", atcud: "ABCD1234-1" });
      expect(cli.output()).toMatch(/POST \/\S*documents\/?\S* → 201|POST \/invoice_receipts\.json → 201/);
      expect(cli.output()).not.toContain("api_key=");

      cli.proc.stdin.write("down\n");
      await vi.waitFor(() => expect(cli.output()).toContain("fault mode: down"), { timeout: 10_000 });
      const err = await provider.find("invoice", "LOJA-41").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvoiceProviderError);
      expect((err as InvoiceProviderError).retryable).toBe(true);
    },
  );

  it("refuses an unknown provider with the usage line", async () => {
    const proc = spawn(process.execPath, ["scripts/invoices-standin.ts", "--provider", "moloni"]);
    let err = "";
    proc.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => proc.on("exit", resolve));
    expect(code).toBe(2);
    expect(err).toContain("--provider invoicexpress|vendus");
  });
});
