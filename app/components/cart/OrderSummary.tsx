import { Loader2 } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { formatEuros } from "#app/lib/format.ts";

interface Props {
  /** The summary box; the checkout reads the checked payment method inside it. */
  summaryRef: RefObject<HTMLElement | null>;
  /** Total of the articles in cents; null before hydration (the cart is not read yet). */
  totalCents: number | null;
  sending: boolean;
  onFinalize: () => void;
  /** The payment choice. */
  children: ReactNode;
}

/** Cart /carrinho: 'Resumo' (total of the articles, the payment choice, 'Finalizar Compra'). */
export function OrderSummary({ summaryRef, totalCents, sending, onFinalize, children }: Props) {
  return (
    <aside ref={summaryRef} className="group/pay rounded-2xl border border-gray-200 bg-gray-50 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">Resumo</h2>
      <dl className="mt-4 flex items-baseline justify-between border-b border-gray-200 pb-4">
        <dt className="text-sm text-gray-700">Total dos artigos</dt>
        <dd className="text-xl font-bold text-gray-900">
          {totalCents === null ? (
            <span className="inline-block h-6 w-20 animate-pulse rounded bg-gray-200 align-middle" />
          ) : (
            formatEuros(totalCents / 100)
          )}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-gray-500">Portes e total final calculados na confirmação da encomenda.</p>

      {children}

      <button
        type="button"
        onClick={onFinalize}
        disabled={sending || totalCents === null}
        className={`${focusRing} mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70`}
      >
        {sending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        {sending ? "A processar..." : "Finalizar Compra"}
      </button>
    </aside>
  );
}
