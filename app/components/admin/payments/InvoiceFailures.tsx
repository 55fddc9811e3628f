/**
 * 'Faturas com erro' on /payment-status, beside the payment exceptions: documents the invoicing service refused
 * (failed: 'Tentar novamente') and those it is retrying after an error (down, 5xx, time-out), with the service's
 * message and a link to the order. Hidden when there are none.
 */
import { FileWarning, RotateCcw } from "lucide-react";
import type { FiscalDocument } from "#server/modules/invoicing/schemas.ts";
import { formatEuros, formatShopDateTime } from "#app/lib/format.ts";
import { OrderLink } from "#app/components/admin/order/OrderLink.tsx";
import { Badge, buttonClass } from "#app/components/admin/ui.tsx";
import { usePaymentIntent } from "./PaymentRowActions.tsx";

export function InvoiceFailures({ failures }: { failures: FiscalDocument[] }) {
  if (failures.length === 0) return null;
  const failed = failures.filter((f) => f.status === "failed").length;
  return (
    <section aria-labelledby="faturas-com-erro" className="mb-8">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="faturas-com-erro" className="text-lg font-semibold text-gray-900">
          Faturas com erro
        </h2>
        {failed > 0 ? (
          <Badge className="bg-red-100 text-red-900">
            <FileWarning aria-hidden="true" className="mr-1 size-3.5" />
            {failed} por resolver
          </Badge>
        ) : null}
      </div>
      <p className="mb-3 text-sm text-gray-700">
        Documentos que o serviço de faturação recusou ou que estão a ser tentados de novo. Corrija o que a mensagem
        indica e use 'Tentar novamente'.
      </p>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white shadow-sm">
        {failures.map((f) => (
          <li key={f.id} className="p-4">
            <FailureItem doc={f} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FailureItem({ doc }: { doc: FiscalDocument }) {
  const retry = usePaymentIntent("Não foi possível tentar de novo");
  const title = doc.kind === "invoice" ? "Fatura" : "Nota de crédito";
  return (
    <div className="flex flex-col gap-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-gray-900">
          {title} da <OrderLink line={{ id: doc.order_id }}>encomenda #{doc.order_id}</OrderLink> ·{" "}
          {formatEuros(doc.total_cents / 100)}
        </p>
        <p className="break-words text-red-800">{doc.last_error}</p>
        <p className="text-gray-700">
          {doc.status === "failed"
            ? `Falhou após ${doc.attempts} ${doc.attempts === 1 ? "tentativa" : "tentativas"}.`
            : `Nova tentativa às ${formatShopDateTime(doc.next_attempt_at)} (${doc.attempts} até agora).`}
        </p>
      </div>
      {doc.status === "failed" ? (
        <button
          type="button"
          className={`${buttonClass.secondary} w-full shrink-0 sm:w-auto`}
          disabled={retry.busy}
          onClick={() => retry.submit({ intent: "invoice-retry", documentId: doc.id })}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {retry.busy ? "A enviar..." : "Tentar novamente"}
        </button>
      ) : null}
    </div>
  );
}
