/**
 * The one interface the shop uses to issue certified documents (faturas-recibo and notas de crédito). Like
 * PaymentProvider (server/modules/payments/providers/provider.ts), one implementation per service, chosen by INVOICE_PROVIDER:
 *  - none (default): nothing is sent; the order shows 'Fatura por emitir' and the admin records the number of the
 *    document issued by hand (issue() answers null);
 *  - invoicexpress: the real HTTP adapter (tested against a local stand-in with fault modes);
 *  - vendus (or moloni): the second adapter.
 *
 * Contract (what makes "exactly once" possible together with the `invoices` table's unique indexes):
 *  - Every request carries `reference`, unique per document and stable across retries (e.g. "LOJA-123" for the
 *    invoice of order 123, "LOJA-123-NC-7" for the credit note of refund 7). Adapters send it where the service keeps
 *    an external reference, and `find(kind, reference)` asks the service for a document already issued with it, so a
 *    retry after a time-out never issues a second one.
 *  - issue…() creates AND finalizes the document (a draft has no fiscal value) and answers its number, ATCUD and PDF
 *    link (the PDF link may come later: null, then `pdfUrl()` is asked again).
 *  - Amounts are integer cents, prices IVA included, exactly as the order was charged: the document's total must
 *    equal the order's (or the refund's) to the cent, delivery included (as its own item).
 *  - Failures are InvoiceProviderError: `retryable` for a service that is down, slow, answers 5xx or not JSON
 *    (the job retries with backoff); not retryable for a validation answer (422): the document is marked failed,
 *    shown to the admin with the service's message, and retried only by 'Tentar novamente'.
 */

export type InvoiceProviderName = "none" | "invoicexpress" | "vendus" | "moloni";

export interface InvoiceClient {
  /** Validated NIF, or null for 'Consumidor final' (the adapter sends 999999990). */
  nif: string | null;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  /** ISO country code; the shop sells in Portugal. */
  country: "PT";
  email: string;
}

export interface InvoiceItem {
  /** Product name with colour/size, or 'Portes de envio' for delivery. */
  name: string;
  quantity: number;
  /** IVA included, as charged. */
  unitPriceCents: number;
  /** 2300 = 23 %; 0 with an exemption code. */
  vatRateBp: number;
  /** M01–M99 when vatRateBp is 0. */
  exemptionCode: string | null;
  /**
   * A discounted line (issue 20): its list price and discount, printed where the service has a description. The
   * unit price above is already what was paid (the line split so that quantity × price adds up to the cent).
   */
  description?: string;
}

export interface InvoiceRequest {
  reference: string;
  orderId: number;
  /** The sale's date (when the order was paid). */
  date: Date;
  client: InvoiceClient;
  items: InvoiceItem[];
  /**
   * Must equal the sum of quantity × unitPriceCents over the items. Adapters also send it as the total they expect
   * (header `x-loja-total-esperado`, euros): the stand-ins refuse a document whose own total differs.
   */
  totalCents: number;
}

export interface CreditNoteRequest extends InvoiceRequest {
  /** The invoice it corrects, as the service knows it. */
  invoice: { externalId: string; number: string };
  /** Why (mandatory for some services), pt-PT, e.g. 'Devolução (livre resolução)'. */
  reason: string;
}

export interface IssuedDocument {
  /** The service's own id (used for the PDF and for credit notes). */
  externalId: string;
  /** The document's number as printed, e.g. "FR 2026/15". */
  number: string;
  atcud: string | null;
  pdfUrl: string | null;
}

export type DocumentKind = "invoice" | "credit_note";

export interface InvoiceProvider {
  readonly name: InvoiceProviderName;
  /** A document already issued with this reference, or null. Never creates anything. */
  find(kind: DocumentKind, reference: string): Promise<IssuedDocument | null>;
  /** Issues and finalizes a fatura-recibo. Null only for `none` (issued by hand). */
  issueInvoice(request: InvoiceRequest): Promise<IssuedDocument | null>;
  /** Issues and finalizes a nota de crédito referring to the invoice. Null only for `none`. */
  issueCreditNote(request: CreditNoteRequest): Promise<IssuedDocument | null>;
  /** The PDF link once the service has it (InvoiceXpress makes PDFs asynchronously), else null. */
  pdfUrl(kind: DocumentKind, externalId: string): Promise<string | null>;
}

export class InvoiceProviderError extends Error {
  /** True when trying again later may succeed (down, time-out, 5xx, not JSON). */
  readonly retryable: boolean;
  /** The service's HTTP status, when it answered. */
  readonly status: number | undefined;

  constructor(message: string, retryable: boolean, status?: number) {
    super(message);
    this.name = "InvoiceProviderError";
    this.retryable = retryable;
    this.status = status;
  }
}

/** The `none` provider: the shop issues documents by hand in its certified software. */
export const manualInvoicing: InvoiceProvider = {
  name: "none",
  find: async () => null,
  issueInvoice: async () => null,
  issueCreditNote: async () => null,
  pdfUrl: async () => null,
};
