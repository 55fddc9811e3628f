/**
 * Histórico (the order's timeline: when, in Lisbon time; who; what) and Notas internas (the admin's
 * notes, never shown to the shopper, with the form that adds one).
 */
import { useRef } from "react";
import { useFetcher } from "react-router";
import type { OrderDetail, TimelineEntry } from "#server/modules/aftersale/fulfilment/schemas.ts";
import { formatShopDateTime } from "#app/lib/format.ts";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { buttonClass, inputClass, labelClass, Panel } from "#app/components/admin/ui.tsx";
import type { OrderIntent } from "./actions.ts";
import { statusLabel } from "./status.tsx";

function what(e: TimelineEntry): string {
  if (e.kind === "status") {
    const step = e.from_status
      ? `${statusLabel(e.from_status)} → ${statusLabel(e.to_status)}`
      : statusLabel(e.to_status);
    return e.message ? `${step}: ${e.message}` : step;
  }
  return e.message;
}

function EntryList({ entries, label }: { entries: TimelineEntry[]; label: string }) {
  return (
    <ol className="space-y-3" aria-label={label}>
      {entries.map((e) => (
        <li key={e.id} className="border-l-2 border-gray-200 pl-3" data-event={e.kind}>
          <p className="text-xs text-gray-700">
            <time dateTime={e.created_at} className="tabular-nums">
              {formatShopDateTime(e.created_at)}
            </time>
            {" · "}
            <span className="font-medium text-gray-800">{e.actor_name}</span>
          </p>
          <p className="text-sm break-words whitespace-pre-line text-gray-900">{what(e)}</p>
        </li>
      ))}
    </ol>
  );
}

export function HistoryPanel({ order }: { order: OrderDetail }) {
  return (
    <Panel title="Histórico">
      {order.timeline.length === 0 ? (
        <p className="text-sm text-gray-700">Ainda sem alterações registadas.</p>
      ) : (
        <EntryList entries={order.timeline} label="Histórico da encomenda" />
      )}
    </Panel>
  );
}

export function NotesPanel({ order }: { order: OrderDetail }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useFetcherToast(fetcher, {
    success: "Nota adicionada.",
    failure: "Erro ao adicionar a nota.",
    onDone: () => form.current?.reset(),
  });
  const busy = fetcher.state !== "idle";
  return (
    <Panel title="Notas internas">
      <p className="mb-3 text-xs text-gray-700">Só a equipa vê estas notas; o cliente nunca as vê.</p>
      {order.notes.length > 0 ? (
        <div className="mb-4">
          <EntryList entries={order.notes} label="Notas internas" />
        </div>
      ) : null}
      <form
        method="post"
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          const message = String(new FormData(event.currentTarget).get("message") ?? "");
          const intent: OrderIntent = { intent: "note", message };
          void fetcher.submit(intent, { method: "post", encType: "application/json" });
        }}
      >
        <label htmlFor="order-note" className={labelClass}>
          Nova nota
        </label>
        <textarea id="order-note" name="message" rows={3} maxLength={2000} required className={inputClass} />
        <button type="submit" className={`${buttonClass.secondary} mt-2`} disabled={busy}>
          {busy ? "A guardar..." : "Adicionar nota"}
        </button>
      </form>
    </Panel>
  );
}
