/**
 * A /payment-status row's buttons: 'Verificar' (asks the gateway), 'Simular pagamento' (sandbox,
 * pending orders) and 'Enviar confirmação' (paid orders). Each submits its intent to the route's
 * clientAction through its own fetcher, so each shows its own pending text; the list revalidates after.
 */
import { BadgeEuro, SearchCheck, Send } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import type { AdminOrderLine } from "#server/orders/admin-schemas.ts";
import { type ActionResult, useFetcherToast } from "../route-data.tsx";
import { buttonClass } from "../ui.tsx";
import { failureTitle, PAYMENT_TEXT, type PaymentIntent } from "./actions.ts";

/** What the gateway is asked about: the payment reference (or MB WAY request id), else the order id. */
const verifyKey = (line: AdminOrderLine) => line.payment_reference || String(line.id);

/** One button with its own fetcher: submits `intent`, draws `children(busy)`, toasts the outcome. */
export function IntentButton({
  intent,
  failure,
  className,
  label,
  onDone,
  children,
}: {
  intent: PaymentIntent;
  /** The toast title when the change fails without a title of its own. */
  failure: string;
  className: string;
  label?: string;
  onDone?: (result: ActionResult) => void;
  children: (busy: boolean) => ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher, { success: "", failure: failureTitle(fetcher.data, failure), onDone });
  const busy = fetcher.state !== "idle";
  return (
    <button
      type="button"
      className={className}
      onClick={() => void fetcher.submit(intent, { method: "post", encType: "application/json" })}
      disabled={busy}
      aria-label={label}
    >
      {children(busy)}
    </button>
  );
}

const rowButton = `${buttonClass.secondary} px-3 py-1.5 whitespace-nowrap`;

export function PaymentRowActions({ line, sandbox }: { line: AdminOrderLine; sandbox: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <IntentButton
        intent={{ intent: "verify", key: verifyKey(line) }}
        failure={PAYMENT_TEXT.verifyFailed}
        className={rowButton}
        label={`Verificar pagamento do pedido ${line.id}`}
      >
        {(busy) => (
          <>
            <SearchCheck aria-hidden="true" className="size-4" />
            {busy ? "A verificar..." : "Verificar"}
          </>
        )}
      </IntentButton>
      {sandbox && line.payment_status === "pending" ? (
        <IntentButton
          intent={{ intent: "simulate", orderId: line.id }}
          failure={PAYMENT_TEXT.simulateFailed}
          className={rowButton}
          label={`Simular pagamento do pedido ${line.id} (sandbox)`}
        >
          {(busy) => (
            <>
              <BadgeEuro aria-hidden="true" className="size-4" />
              {busy ? "A simular..." : "Simular pagamento"}
            </>
          )}
        </IntentButton>
      ) : null}
      {line.payment_status === "paid" ? (
        // Only a paid order can be confirmed; each click queues one more copy to the buyer.
        <IntentButton
          intent={{ intent: "confirm", orderId: line.id, userId: line.user_id, paymentStatus: line.payment_status }}
          failure={PAYMENT_TEXT.confirmFailed}
          className={`${buttonClass.success} px-3 py-1.5 whitespace-nowrap`}
          label={`Enviar confirmação do pedido ${line.id}`}
        >
          {(busy) => (
            <>
              <Send aria-hidden="true" className="size-4" />
              {busy ? "A enviar..." : "Enviar confirmação"}
            </>
          )}
        </IntentButton>
      ) : null}
    </div>
  );
}
