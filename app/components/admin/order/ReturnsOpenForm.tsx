/**
 * 'Abrir devolução': the shop records a return for the shopper (by phone, at the counter, or as a courtesy after the
 * 14 days). Units per line (up to those not in another return), the IBAN when the order was paid by Multibanco or
 * Payshop, and a reason. The server checks it all again and computes the refund from the stored prices.
 */
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import type { OrderReturns } from "#server/modules/aftersale/returns/admin-schemas.ts";
import { formatEuros } from "#app/lib/format.ts";
import { buttonClass, inputClass, labelClass } from "#app/components/admin/ui.tsx";
import type { OrderIntent } from "./actions.ts";

export function ReturnsOpenForm(props: {
  data: OrderReturns;
  busy: boolean;
  pending: boolean;
  submit: (intent: OrderIntent) => void;
}) {
  const { data, busy, pending, submit } = props;
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className={`${buttonClass.secondary} w-full sm:w-auto`}
        disabled={busy}
        onClick={() => setOpen(true)}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        Abrir devolução
      </button>
    );
  }
  return (
    <form
      method="post"
      className="space-y-3 rounded-md border border-gray-200 p-3 sm:p-4"
      aria-label="Abrir devolução"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const items = data.open_lines
          .map((l) => ({ order_line_id: l.order_line_id, quantity: Number(form.get(`qty-${l.order_line_id}`) ?? 0) }))
          .filter((i) => i.quantity > 0);
        const iban = String(form.get("iban") ?? "").trim();
        const reason = String(form.get("reason") ?? "").trim();
        submit({
          intent: "open-return",
          body: { items, ...(iban ? { iban } : {}), ...(reason ? { reason } : {}) },
        });
      }}
    >
      <h3 className="font-semibold text-gray-900">Abrir devolução</h3>
      <fieldset className="space-y-2">
        <legend className={labelClass}>Unidades a devolver</legend>
        {data.open_lines.map((l) => (
          <div key={l.order_line_id} className="flex items-center justify-between gap-3 text-sm">
            <label htmlFor={`qty-${l.order_line_id}`} className="min-w-0 break-words text-gray-900">
              {l.name}{" "}
              <span className="text-gray-700">
                ({formatEuros(l.unit_price)} cada, até {l.available})
              </span>
            </label>
            <input
              id={`qty-${l.order_line_id}`}
              name={`qty-${l.order_line_id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={l.available}
              defaultValue={0}
              className={`${inputClass} w-20 shrink-0`}
            />
          </div>
        ))}
      </fieldset>
      {data.iban_required ? (
        <div>
          <label htmlFor="open-iban" className={labelClass}>
            IBAN para o reembolso
          </label>
          <input id="open-iban" name="iban" required maxLength={64} className={`${inputClass} font-mono`} />
        </div>
      ) : null}
      <div>
        <label htmlFor="open-reason" className={labelClass}>
          Motivo (opcional)
        </label>
        <input id="open-reason" name="reason" maxLength={1000} className={inputClass} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={busy}>
          {pending ? "A registar..." : "Registar devolução"}
        </button>
        <button type="button" className={`${buttonClass.secondary} w-full sm:w-auto`} onClick={() => setOpen(false)}>
          Voltar
        </button>
      </div>
    </form>
  );
}
