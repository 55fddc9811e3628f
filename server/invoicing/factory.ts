import { createInvoiceXpressProvider } from "./invoicexpress.ts";
import { manualInvoicing, type InvoiceProvider, type InvoiceProviderName } from "./provider.ts";
import { createVendusProvider } from "./vendus.ts";

/**
 * Settings read from the environment (the README's configuration table):
 * INVOICE_PROVIDER (none | invoicexpress | vendus), INVOICE_TIMEOUT_MS;
 * INVOICEXPRESS_ACCOUNT, INVOICEXPRESS_API_KEY, INVOICEXPRESS_BASE_URL, INVOICEXPRESS_SEQUENCE_ID;
 * VENDUS_API_KEY, VENDUS_BASE_URL, VENDUS_REGISTER_ID, VENDUS_MODE, VENDUS_PAYMENT_METHOD_ID.
 */
export interface InvoiceSettings {
  provider: InvoiceProviderName;
  timeoutMs?: number;
  invoicexpress?: { account?: string; apiKey?: string; baseUrl?: string; sequenceId?: string };
  vendus?: {
    apiKey?: string;
    baseUrl?: string;
    registerId?: string;
    mode?: "normal" | "tests";
    paymentMethodId?: string;
  };
}

export function createInvoiceProvider(settings: InvoiceSettings): InvoiceProvider {
  const timeout = settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {};
  switch (settings.provider) {
    case "none":
      return manualInvoicing;
    case "invoicexpress": {
      const ix = settings.invoicexpress ?? {};
      if (!ix.account || !ix.apiKey)
        throw new RangeError("INVOICE_PROVIDER=invoicexpress needs INVOICEXPRESS_ACCOUNT and INVOICEXPRESS_API_KEY");
      return createInvoiceXpressProvider({
        account: ix.account,
        apiKey: ix.apiKey,
        ...(ix.baseUrl ? { baseUrl: ix.baseUrl } : {}),
        ...(ix.sequenceId ? { sequenceId: ix.sequenceId } : {}),
        ...timeout,
      });
    }
    case "vendus": {
      const v = settings.vendus ?? {};
      if (!v.apiKey || !v.paymentMethodId)
        throw new RangeError("INVOICE_PROVIDER=vendus needs VENDUS_API_KEY and VENDUS_PAYMENT_METHOD_ID");
      return createVendusProvider({
        apiKey: v.apiKey,
        paymentMethodId: v.paymentMethodId,
        ...(v.baseUrl ? { baseUrl: v.baseUrl } : {}),
        ...(v.registerId ? { registerId: v.registerId } : {}),
        ...(v.mode ? { mode: v.mode } : {}),
        ...timeout,
      });
    }
    case "moloni":
      throw new RangeError("INVOICE_PROVIDER=moloni is not implemented yet (use invoicexpress or vendus)");
  }
}
