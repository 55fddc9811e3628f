/**
 * 'Documentos fiscais' on the admin order page: the order's fatura-recibo and notas de crédito with their state
 * ('Fatura por emitir', 'A emitir…', number + ATCUD + PDF, 'Falhou: …'), 'Tentar novamente' for a failure, and a
 * small form to record the number of a document issued by hand (INVOICE_PROVIDER=none, or a refused one).
 */
import { FileText, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import type { OrderDetail } from "#server/modules/aftersale/fulfilment/schemas.ts";
import type { FiscalDocument } from "#server/modules/invoicing/schemas.ts";
import { formatEuros, formatShopDateTime } from "#app/lib/format.ts";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { Badge, buttonClass, inputClass, Panel } from "#app/components/admin/ui.tsx";
import type { OrderIntent } from "./actions.ts";

const UNPAID: ReadonlyArray<OrderDetail["status"]> = ["pending_payment", "expired"];

/** The state's words and colour, as the admin reads them. */
export function documentState(doc: FiscalDocument): { label: string; className: string } {
  switch (doc.status) {
    case "issued":
      return { label: "Emitida", className: "bg-green-100 text-green-900" };
    case "failed":
      return { label: "Falhou", className: "bg-red-100 text-red-900" };
    case "manual":
      return doc.number
        ? { label: "Emitida à parte", className: "bg-green-100 text-green-900" }
        : {
            label: `${doc.kind === "invoice" ? "Fatura" : "Nota de crédito"} por emitir`,
            className: "bg-yellow-100 text-yellow-900",
          };
    case "pending":
      return { label: "A emitir…", className: "bg-blue-100 text-blue-900" };
  }
}

export function InvoicePanel({ order, documents }: { order: OrderDetail; documents: FiscalDocument[] }) {
  return (
    <Panel title="Documentos fiscais">
      {documents.length === 0 ? (
        <p className="text-sm text-gray-700">
          {UNPAID.includes(order.status)
            ? "A fatura é emitida quando a encomenda for paga."
            : "Esta encomenda não tem documentos fiscais."}
        </p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {documents.map((doc) => (
            <li key={doc.id} className="py-3 first:pt-0 last:pb-0">
              <DocumentItem doc={doc} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function DocumentItem({ doc }: { doc: FiscalDocument }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher, { success: "Documento atualizado.", failure: "Não foi possível alterar o documento." });
  const busy = fetcher.state !== "idle";
  const sent = fetcher.json as OrderIntent | undefined;
  const submit = (intent: OrderIntent) => void fetcher.submit(intent, { method: "post", encType: "application/json" });
  const state = documentState(doc);
  const title = doc.kind === "invoice" ? "Fatura-recibo" : "Nota de crédito";

  return (
    <div className="space-y-2 text-sm" data-testid={`documento-${doc.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-gray-900">
          {title}
          {doc.number ? <span className="ml-2 font-mono break-all">{doc.number}</span> : null}
        </h3>
        <Badge className={state.className}>{state.label}</Badge>
      </div>
      <p className="text-gray-700">
        {formatEuros(doc.total_cents / 100)}
        {doc.reason ? ` · ${doc.reason}` : ""}
        {doc.issued_at ? ` · ${formatShopDateTime(doc.issued_at)}` : ""}
      </p>

      {doc.status === "issued" ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {doc.atcud ? (
            <span>
              ATCUD <span className="font-mono break-all">{doc.atcud}</span>
            </span>
          ) : null}
          {doc.pdf_url ? (
            <a
              href={doc.pdf_url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-blue-800 underline underline-offset-2"
            >
              <FileText aria-hidden="true" className="size-4" />
              Abrir PDF
            </a>
          ) : (
            <span className="text-gray-700">PDF em preparação</span>
          )}
        </div>
      ) : null}

      {doc.status === "pending" ? (
        <p className="text-gray-700">
          {doc.kind === "credit_note" && doc.attempts === 0
            ? "Emitida logo que a fatura da encomenda o seja."
            : doc.last_error
              ? `Nova tentativa às ${formatShopDateTime(doc.next_attempt_at)}. Último erro: ${doc.last_error}`
              : "O serviço de faturação está a emitir o documento."}
        </p>
      ) : null}

      {doc.status === "failed" ? (
        <>
          <p className="break-words text-red-800" role="alert">
            Falhou: {doc.last_error ?? "erro desconhecido"}
          </p>
          <button
            type="button"
            className={`${buttonClass.secondary} w-full sm:w-auto`}
            disabled={busy}
            onClick={() => submit({ intent: "invoice-retry", documentId: doc.id })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {busy && sent?.intent === "invoice-retry" ? "A enviar..." : "Tentar novamente"}
          </button>
        </>
      ) : null}

      {(doc.status === "manual" && !doc.number) || doc.status === "failed" ? (
        <ManualNumberForm doc={doc} busy={busy} onSubmit={submit} pending={busy && sent?.intent === "invoice-manual"} />
      ) : null}
    </div>
  );
}

function ManualNumberForm(props: {
  doc: FiscalDocument;
  busy: boolean;
  pending: boolean;
  onSubmit: (intent: OrderIntent) => void;
}) {
  const { doc } = props;
  const id = `numero-documento-${doc.id}`;
  const form = (
    <form
      method="post"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      aria-label="Registar número"
      onSubmit={(event) => {
        event.preventDefault();
        const numero = String(new FormData(event.currentTarget).get("numero") ?? "");
        props.onSubmit({ intent: "invoice-manual", documentId: doc.id, numero });
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm text-gray-800">
          Número do documento emitido no programa de faturação
        </label>
        <input
          id={id}
          name="numero"
          required
          maxLength={60}
          placeholder="FR 2026/15"
          className={`${inputClass} font-mono`}
        />
      </div>
      <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={props.busy}>
        {props.pending ? "A registar..." : "Registar número"}
      </button>
    </form>
  );
  // A failed document is usually retried; recording one issued elsewhere is the exception, so it stays folded.
  return doc.status === "failed" ? (
    <details className="rounded-md border border-gray-200 p-3">
      <summary className="cursor-pointer text-gray-800">Emitido à parte? Registar o número</summary>
      <div className="mt-3">{form}</div>
    </details>
  ) : (
    form
  );
}
