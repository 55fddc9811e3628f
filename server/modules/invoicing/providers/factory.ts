import { createInvoiceXpressProvider } from "./invoicexpress.ts";
import type { InvoiceSettings } from "#server/core/config.ts";
import { manualInvoicing, type InvoiceProvider } from "./provider.ts";
import { createVendusProvider } from "./vendus.ts";

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
