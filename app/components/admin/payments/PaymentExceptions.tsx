/**
 * 'Exceções de pagamento' on /payment-status: money that arrived but could not be applied (after the
 * order expired, a different amount, an unknown reference), open ones first. Each row says what
 * arrived and against what, links the order, and offers only the resolutions the server allows now
 * (`actions` of each item); each resolution goes through the route's clientAction with its own
 * pending text and toast, and the list revalidates after.
 */
import { AlertTriangle } from "lucide-react";
import { useId, useState } from "react";
import type { PaymentExceptionItem } from "#server/flows/payment-exceptions/schemas.ts";
import {
  EXCEPTION_KIND_LABELS,
  EXCEPTION_STATUS_LABELS,
  METHOD_NAMES,
} from "#server/modules/payments/exceptions/rules.ts";
import { formatReference } from "#app/components/checkout/format.ts";
import { formatEuros, formatShopDateTime } from "#app/lib/format.ts";
import { OrderLink } from "#app/components/admin/order/OrderLink.tsx";
import { statusLabel } from "#app/components/admin/order/status.tsx";
import { Pagination } from "#app/components/admin/Pagination.tsx";
import { type AdminColumn, ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { Badge, buttonClass, EmptyState, inputClass, labelClass } from "#app/components/admin/ui.tsx";
import { EXCEPTION_TEXT } from "./exception-actions.ts";
import { usePaymentIntent } from "./PaymentRowActions.tsx";

/** One page of GET /api/payments/exceptions (the route's loader) and the open count. */
export interface ExceptionsPage {
  items: PaymentExceptionItem[];
  total: number;
  open: number;
  page: number;
  pageSize: number;
}

/** The search param of the exceptions' page (the payments list keeps `page`). */
export const EXCEPTIONS_PAGE_PARAM = "excecoesPage";

const STATUS_STYLE: Record<PaymentExceptionItem["status"], string> = {
  open: "bg-yellow-100 text-yellow-900",
  reinstated: "bg-green-100 text-green-800",
  refund_due: "bg-orange-100 text-orange-900",
  refunded: "bg-blue-100 text-blue-900",
  dismissed: "bg-gray-200 text-gray-800",
};

function StatusBadge({ status }: { status: PaymentExceptionItem["status"] }) {
  return <Badge className={STATUS_STYLE[status]}>{EXCEPTION_STATUS_LABELS[status]}</Badge>;
}

/** The reference (grouped in threes) or MB WAY request id, over the method and entity. */
function ReferenceCell({ e }: { e: PaymentExceptionItem }) {
  const via = [e.method ? METHOD_NAMES[e.method] : null, e.entity ? `Entidade ${e.entity}` : null].filter(Boolean);
  return (
    <>
      <span className="block break-all">{e.reference ? formatReference(e.reference) : (e.request_id ?? "—")}</span>
      {via.length ? <span className="block text-xs text-gray-700">{via.join(" · ")}</span> : null}
    </>
  );
}

const COLUMNS: AdminColumn<PaymentExceptionItem>[] = [
  {
    id: "date",
    header: "Data",
    width: "w-[12%]",
    className: "tabular-nums",
    cell: (e) => formatShopDateTime(e.created_at),
  },
  { id: "kind", header: "Situação", width: "w-[12%]", inCardTitle: true, cell: (e) => EXCEPTION_KIND_LABELS[e.kind] },
  {
    id: "reference",
    header: "Referência",
    width: "w-[14%]",
    className: "tabular-nums",
    cell: (e) => <ReferenceCell e={e} />,
  },
  {
    id: "amount",
    header: "Valor",
    width: "w-[12%]",
    className: "tabular-nums",
    cell: (e) => (
      <>
        <span className="block font-medium">{formatEuros(e.amount)} recebidos</span>
        {e.expected_amount !== null ? (
          <span className={`block text-xs ${e.expected_amount === e.amount ? "text-gray-700" : "text-red-800"}`}>
            esperados {formatEuros(e.expected_amount)}
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: "order",
    header: "Encomenda",
    width: "w-[10%]",
    cell: (e) =>
      e.order_id !== null ? (
        <>
          <OrderLink line={{ id: e.order_id }}>#{e.order_id}</OrderLink>
          {e.order_status ? <span className="block text-xs text-gray-700">{statusLabel(e.order_status)}</span> : null}
        </>
      ) : (
        "—"
      ),
  },
  {
    id: "status",
    header: "Estado",
    width: "w-[15%]",
    cell: (e) => (
      <>
        <StatusBadge status={e.status} />
        {e.resolved_at ? (
          <span className="mt-1 block text-xs text-gray-700">
            {e.resolved_by ?? "—"}, {formatShopDateTime(e.resolved_at)}
          </span>
        ) : null}
        {e.resolution_note ? <span className="mt-1 block text-xs text-gray-800">{e.resolution_note}</span> : null}
      </>
    ),
  },
];

type NoteAction = "refund_due" | "refunded" | "dismissed";

const ACTION_LABELS: Record<NoteAction, { button: string; busy: string }> = {
  refund_due: { button: "Marcar para reembolso", busy: "A marcar..." },
  refunded: { button: "Reembolso feito", busy: "A registar..." },
  dismissed: { button: "Ignorar", busy: "A ignorar..." },
};

/** What to do with one exception: only the buttons its `actions` allow; the note-taking ones ask for a note first. */
function ExceptionActions({ item }: { item: PaymentExceptionItem }) {
  const [choosing, setChoosing] = useState<NoteAction | null>(null);
  const reinstate = usePaymentIntent(EXCEPTION_TEXT.reinstateFailed);
  const resolve = usePaymentIntent(EXCEPTION_TEXT.resolveFailed, () => setChoosing(null));
  const [note, setNote] = useState("");
  const noteId = useId();
  const busy = reinstate.busy || resolve.busy;
  if (item.actions.length === 0) return <span className="text-sm text-gray-700">Resolvida</span>;

  const noteRequired = choosing === "dismissed";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {item.actions.includes("reinstate") ? (
          <button
            type="button"
            className={`${buttonClass.success} px-3 py-1.5`}
            disabled={busy}
            onClick={() => reinstate.submit({ intent: "exception-reinstate", id: item.id })}
          >
            {reinstate.busy ? "A repor..." : "Repor encomenda"}
          </button>
        ) : null}
        {item.actions
          .filter((a): a is NoteAction => a !== "reinstate")
          .map((action) => (
            <button
              key={action}
              type="button"
              className={`${buttonClass.secondary} px-3 py-1.5`}
              disabled={busy}
              aria-expanded={choosing === action}
              onClick={() => {
                setChoosing(choosing === action ? null : action);
                setNote("");
              }}
            >
              {ACTION_LABELS[action].button}
            </button>
          ))}
      </div>
      {choosing ? (
        <form
          method="post"
          className="space-y-2 rounded-md border border-gray-200 bg-gray-50 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            resolve.submit({ intent: "exception-resolve", id: item.id, resolution: choosing, note });
          }}
        >
          <label htmlFor={noteId} className={labelClass}>
            {noteRequired ? "Nota (obrigatória): porque se ignora este pagamento?" : "Nota (opcional)"}
          </label>
          <textarea
            id={noteId}
            className={inputClass}
            rows={2}
            maxLength={1000}
            required={noteRequired}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              className={`${buttonClass.primary} px-3 py-1.5`}
              disabled={busy || (noteRequired && !note.trim())}
            >
              {resolve.busy ? ACTION_LABELS[choosing].busy : `Confirmar: ${ACTION_LABELS[choosing].button}`}
            </button>
            <button type="button" className={`${buttonClass.secondary} px-3 py-1.5`} onClick={() => setChoosing(null)}>
              Cancelar
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** The section: title with the open count, the list (table from xl, cards below) and its pager. */
export function PaymentExceptions({ exceptions }: { exceptions: ExceptionsPage }) {
  return (
    <section aria-labelledby="excecoes-pagamento" className="mb-8">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="excecoes-pagamento" className="text-lg font-semibold text-gray-900">
          Exceções de pagamento
        </h2>
        {exceptions.open > 0 ? (
          <Badge className="bg-yellow-100 text-yellow-900">
            <AlertTriangle aria-hidden="true" className="mr-1 size-3.5" />
            {exceptions.open} por resolver
          </Badge>
        ) : null}
      </div>
      {exceptions.items.length === 0 ? (
        <EmptyState message="Sem exceções de pagamento." />
      ) : (
        <>
          <p className="mb-3 text-sm text-gray-700">
            Pagamentos recebidos que não foi possível aplicar a uma encomenda. Reponha a encomenda quando o pagamento
            chegou depois de ela expirar e há stock; caso contrário, trate do reembolso.
          </p>
          <ResponsiveTable
            label="Exceções de pagamento"
            rows={exceptions.items}
            rowKey={(e) => String(e.id)}
            columns={COLUMNS}
            cardTitle={(e) => (
              <h3 className="text-base font-semibold text-gray-900">{EXCEPTION_KIND_LABELS[e.kind]}</h3>
            )}
            actionsWidth="w-[25%]"
            actions={(e) => <ExceptionActions item={e} />}
          />
          <Pagination
            page={exceptions.page}
            pageSize={exceptions.pageSize}
            total={exceptions.total}
            label="Paginação das exceções de pagamento"
            param={EXCEPTIONS_PAGE_PARAM}
          />
        </>
      )}
    </section>
  );
}
