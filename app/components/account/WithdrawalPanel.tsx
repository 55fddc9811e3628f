import { useState } from "react";
import { useRevalidator } from "react-router";
import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";
import type { WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { apiPost } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/storage.ts";
import { Notice } from "./PasswordParts.tsx";
import { WithdrawalForm } from "./WithdrawalForm.tsx";
import { formatLastDay, ReturnList, unavailableText } from "./WithdrawalParts.tsx";

/**
 * 'Livre resolução' on /conta/encomendas/:id, for a delivered order: within the 14 days a clearly labelled button
 * opens the choice; the requests made show with their status; after the period a line says until when it was
 * possible. Once confirmed, what shows is what the server stored (its answer, then the page's data read again).
 */
export function WithdrawalPanel({ order }: { order: MyOrderDetail }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The server's answer to the request (read from the database after it) shows at once; the page's own data, read
  // again, replaces it as soon as it arrives.
  const [answered, setAnswered] = useState<{ before: WithdrawalView; view: WithdrawalView } | null>(null);
  const view = answered?.before === order.withdrawal ? answered.view : order.withdrawal;
  if (order.status !== "entregue" && view.returns.length === 0) return null;
  const unavailable = unavailableText(view);

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
      <ReturnList returns={view.returns} />
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
          onDone={(answer) => {
            setOpen(false);
            setDone(answer.message);
            setAnswered({ before: order.withdrawal, view: answer.withdrawal });
            void revalidator.revalidate();
          }}
        />
      ) : null}
      {unavailable && !(view.returns.length > 0 && !view.last_day) ? (
        <p className="mt-3 text-sm text-gray-600">{unavailable}</p>
      ) : null}
    </section>
  );
}
