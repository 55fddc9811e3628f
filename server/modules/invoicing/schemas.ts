import { z } from "zod";

/*
 * The shapes of the invoicing domain's reads and bodies: the admin order page's 'Documentos fiscais', the failures
 * listed beside the payment exceptions, and the number of a document issued by hand.
 */

export const DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export const DOCUMENT_STATUSES = ["pending", "issued", "failed", "manual"] as const;

/** One invoice or credit note as the admin sees it. */
export const fiscalDocument = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  provider: z.string(),
  number: z.string().nullable(),
  atcud: z.string().nullable(),
  /** The PDF link the service gave: null until it has one. */
  pdf_url: z.string().nullable(),
  total_cents: z.number().int(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** Pending: when the job tries (again). */
  next_attempt_at: z.string(),
  refund_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
});
export type FiscalDocument = z.infer<typeof fiscalDocument>;

/** GET /api/orders/:id/invoices. */
export const orderDocuments = z.object({ documents: z.array(fiscalDocument) });
export type OrderDocuments = z.infer<typeof orderDocuments>;

/** GET /api/invoices/failures: documents that failed, or are being retried after an error. */
export const invoiceFailures = z.object({ failures: z.array(fiscalDocument) });
export type InvoiceFailures = z.infer<typeof invoiceFailures>;

export const documentIdParams = z.object({
  id: z.coerce
    .number({ error: "ID do documento inválido" })
    .int("ID do documento inválido")
    .positive("ID do documento inválido"),
});

/** POST /api/invoices/:id/manual: the number of the document issued by hand in the certified software. */
export const manualNumberBody = z.object({
  numero: z
    .string({ error: "Indique o número do documento." })
    .trim()
    .min(1, "Indique o número do documento.")
    .max(60, "Máximo de 60 caracteres."),
});
export type ManualNumberBody = z.infer<typeof manualNumberBody>;

/** What a change answers (the toast's text). */
export const invoiceChange = z.object({ success: z.literal(true), message: z.string(), document: fiscalDocument });
export type InvoiceChange = z.infer<typeof invoiceChange>;

/** The shopper's order page: the invoice link once issued. */
export const shopperInvoice = z.object({ numero: z.string(), url: z.string() }).nullable();
export type ShopperInvoice = z.infer<typeof shopperInvoice>;
