import { FileText } from "lucide-react";
import type { ShopperInvoice } from "#server/modules/invoicing/schemas.ts";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";

/**
 * The order's 'Fatura' on /conta/encomendas/:id, once the invoicing service issued it and its PDF is ready: the
 * number, linking to GET /api/users/me/orders/:id/invoice (a redirect to the PDF). Nothing before that.
 */
export function InvoiceLink({ invoice }: { invoice: ShopperInvoice }) {
  if (!invoice) return null;
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-gray-600">Fatura</dt>
      <dd className="min-w-0 text-right">
        <a
          href={invoice.url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${focusRing} inline-flex items-center gap-1 rounded font-medium break-all text-blue-800 underline underline-offset-2 hover:text-blue-900`}
        >
          <FileText className="size-4 shrink-0" aria-hidden="true" />
          {invoice.numero}
          <span className="sr-only"> (PDF, abre noutra janela)</span>
        </a>
      </dd>
    </div>
  );
}
