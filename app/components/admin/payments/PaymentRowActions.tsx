/**
 * A /payment-status row's buttons: 'Verificar' (asks the gateway), 'Simular pagamento' (sandbox,
 * pending orders) and 'Enviar confirmação' (paid orders). Each submits its intent to the route's
 * clientAction through its own fetcher, so each shows its own pending text; the list revalidates after.
 */
import { BadgeEuro, SearchCheck, Send } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import type { AdminOrderLine } from "#server/modules/orders/admin/schemas.ts";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { PAYMENT_TEXT, type PaymentIntent } from "./actions.ts";
import { failureTitle } from "./results.ts";

/** What the gateway is asked about: the payment reference (or MB WAY request id), else the order id. */
const verifyKey = (line: AdminOrderLine) => line.payment_reference || String(line.id);

/**
 * One kind of change with its own fetcher and toasts. Held by a component that outlives the button
 * (the row), because a change may remove its own button ('Simular pagamento' once paid) and the
 * toast must still show.
 */
export function usePaymentIntent(failure: string, onDone?: (result: ActionResult) => void) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher, { success: "", failure: failureTitle(fetcher.data, failure), onDone });
  return {
    busy: fetcher.state !== "idle",
    submit: (intent: PaymentIntent) => void fetcher.submit(intent, { method: "post", encType: "application/json" }),
  };
}

function RowButton({
  onClick,
  busy,
  label,
  className = buttonClass.secondary,
  children,
}: {
  onClick: () => void;
  busy: boolean;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${className} px-3 py-1.5 whitespace-nowrap`}
      onClick={onClick}
      disabled={busy}
      aria-label={label}
    >
      {children}
    </button>
  );
}

export function PaymentRowActions({ line, sandbox }: { line: AdminOrderLine; sandbox: boolean }) {
  const verify = usePaymentIntent(PAYMENT_TEXT.verifyFailed);
  const simulate = usePaymentIntent(PAYMENT_TEXT.simulateFailed);
  const confirm = usePaymentIntent(PAYMENT_TEXT.confirmFailed);
  return (
    <div className="flex flex-wrap gap-2">
      <RowButton
        onClick={() => verify.submit({ intent: "verify", key: verifyKey(line) })}
        busy={verify.busy}
        label={`Verificar pagamento do pedido ${line.id}`}
      >
        <SearchCheck aria-hidden="true" className="size-4" />
        {verify.busy ? "A verificar..." : "Verificar"}
      </RowButton>
      {sandbox && line.payment_status === "pending" ? (
        <RowButton
          onClick={() => simulate.submit({ intent: "simulate", orderId: line.id })}
          busy={simulate.busy}
          label={`Simular pagamento do pedido ${line.id} (sandbox)`}
        >
          <BadgeEuro aria-hidden="true" className="size-4" />
          {simulate.busy ? "A simular..." : "Simular pagamento"}
        </RowButton>
      ) : null}
      {line.payment_status === "paid" ? (
        // Only a paid order can be confirmed; each click queues one more copy to the buyer.
        <RowButton
          onClick={() =>
            confirm.submit({
              intent: "confirm",
              orderId: line.id,
              userId: line.user_id,
              paymentStatus: line.payment_status,
            })
          }
          busy={confirm.busy}
          label={`Enviar confirmação do pedido ${line.id}`}
          className={buttonClass.success}
        >
          <Send aria-hidden="true" className="size-4" />
          {confirm.busy ? "A enviar..." : "Enviar confirmação"}
        </RowButton>
      ) : null}
    </div>
  );
}
