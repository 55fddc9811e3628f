import { useState } from "react";
import { useRevalidator } from "react-router";
import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";
import type { CancelResponse, ReturnView, WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { api, apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/storage.ts";
import { NETWORK_ERROR, Notice, SubmitButton } from "./PasswordParts.tsx";
import { WithdrawalForm } from "./WithdrawalForm.tsx";
import { formatLastDay, ReturnList, unavailableText } from "./WithdrawalParts.tsx";

/**
 * 'Livre resolução' on /conta/encomendas/:id, for a delivered order: within the 14 days a clearly labelled button
 * opens the choice; the requests made show with their status; after the period a line says until when it was
 * possible. A request still 'requested' can be corrected or cancelled by the owner; one declared on the public form
 * (anyone with the order number and e-mail) says so and asks the owner to confirm the items and refund, or cancel it
 * (decision 0023). Once confirmed, what shows is what the server stored (its answer, then the page's data read again).
 */
export function WithdrawalPanel({ order }: { order: MyOrderDetail }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The server's answer (read from the database after the change) shows at once; the page's own data, read again,
  // replaces it as soon as it arrives.
  const [answered, setAnswered] = useState<{ before: WithdrawalView; view: WithdrawalView } | null>(null);
  const view = answered?.before === order.withdrawal ? answered.view : order.withdrawal;
  if (order.status !== "entregue" && view.returns.length === 0) return null;
  const unavailable = unavailableText(view);
  const settle = (message: string, next: WithdrawalView) => {
    setOpen(false);
    setDone(message);
    setAnswered({ before: order.withdrawal, view: next });
    void revalidator.revalidate();
  };

  return (
    <section aria-labelledby="livre-resolucao" className="rounded-2xl border border-gray-200 bg-white p-5 sm:p-6">
      <h2 id="livre-resolucao" className="text-lg font-semibold text-gray-900">
        Livre resolução
      </h2>
      {done ? (
        <div className="mt-3">
          <Notice kind="success">{done}</Notice>
        </div>
      ) : null}
      <ReturnList
        returns={view.returns}
        actions={(r) =>
          r.can_change ? (
            <RequestActions
              key={`${r.id}:${r.lines.map((l) => `${l.order_line_id}x${l.quantity}`).join(",")}`}
              orderId={order.id}
              request={r}
              view={view}
              onChanged={(message, next) => {
                setDone(null);
                settle(message, next);
              }}
            />
          ) : null
        }
      />
      {view.available && !open ? (
        <>
          <p className="mt-3 text-sm text-gray-700">
            Pode desistir desta compra, sem indicar o motivo, até{" "}
            <strong className="font-semibold text-gray-900">{formatLastDay(view.last_day!)}</strong>.
          </p>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
            className="mt-4 inline-flex w-full items-center justify-center rounded-lg border border-gray-900 px-4 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60 sm:w-auto"
          >
            Livre resolução: desistir da compra
          </button>
        </>
      ) : null}
      {view.available && open ? (
        <WithdrawalForm
          view={view}
          submit={(choice) => apiPost(`/api/users/me/orders/${order.id}/withdrawal`, choice)}
          onCancel={() => setOpen(false)}
          onDone={(answer) => settle(answer.message, answer.withdrawal)}
        />
      ) : null}
      {unavailable && !(view.returns.length > 0 && !view.last_day) && !view.returns.some((r) => r.awaiting_owner) ? (
        <p className="mt-3 text-sm text-gray-600">{unavailable}</p>
      ) : null}
    </section>
  );
}

const smallButton =
  "rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60";

/** The choice of a correction: this request's own units count as free again. */
function editableView(view: WithdrawalView, request: ReturnView): WithdrawalView {
  const own = (lineId: number) => request.lines.find((l) => l.order_line_id === lineId)?.quantity ?? 0;
  return { ...view, lines: view.lines.map((l) => ({ ...l, available: l.available + own(l.order_line_id) })) };
}

/** Correct or cancel one request still 'requested' (a declaration from the public form: confirm it, or cancel). */
function RequestActions(props: {
  orderId: number;
  request: ReturnView;
  view: WithdrawalView;
  onChanged: (message: string, view: WithdrawalView) => void;
}) {
  const { orderId, request, view } = props;
  const hydrated = useHydrated();
  const [mode, setMode] = useState<"idle" | "edit" | "cancel">("idle");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = `/api/users/me/orders/${orderId}/withdrawal/${request.id}`;

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const response = await apiPost<CancelResponse>(`${base}/cancel`);
      if (response.ok && response.data) props.onChanged(response.data.message, response.data.withdrawal);
      else setError(messageFrom(response.data) ?? "Não foi possível cancelar o pedido.");
    } catch (cause) {
      setError(cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível cancelar o pedido.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 pl-6">
      {request.awaiting_owner ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Este pedido foi feito no formulário público de livre resolução, sem sessão iniciada, e abrange toda a
          encomenda. Confirme os artigos{view.iban_required ? " e indique o IBAN para o reembolso" : ""}, ou cancele-o
          se não foi feito por si.
        </p>
      ) : null}
      {error ? (
        <div className="mt-2">
          <Notice kind="error">{error}</Notice>
        </div>
      ) : null}
      {mode === "edit" ? (
        <WithdrawalForm
          view={editableView(view, request)}
          initial={Object.fromEntries(request.lines.map((l) => [l.order_line_id, l.quantity]))}
          submitLabel="Guardar pedido"
          submit={(choice) => api(base, { method: "PUT", body: choice })}
          onCancel={() => setMode("idle")}
          onDone={(answer) => props.onChanged(answer.message, answer.withdrawal)}
        />
      ) : mode === "cancel" ? (
        <form
          className="mt-3 space-y-3"
          aria-label={`Cancelar o pedido n.º ${request.id}`}
          onSubmit={(event) => {
            event.preventDefault();
            void cancel();
          }}
        >
          <p className="text-sm text-gray-800">Cancelar o pedido n.º {request.id}? Os artigos deixam de estar nele.</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <button type="button" className={smallButton} onClick={() => setMode("idle")}>
              Não cancelar
            </button>
            <div className="sm:w-auto">
              <SubmitButton busy={busy} danger hydrated={hydrated}>
                Sim, cancelar o pedido
              </SubmitButton>
            </div>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" disabled={!hydrated} className={smallButton} onClick={() => setMode("edit")}>
            {request.awaiting_owner ? "Confirmar artigos e reembolso" : "Corrigir pedido"}
          </button>
          <button type="button" disabled={!hydrated} className={smallButton} onClick={() => setMode("cancel")}>
            Cancelar pedido
          </button>
        </div>
      )}
    </div>
  );
}
