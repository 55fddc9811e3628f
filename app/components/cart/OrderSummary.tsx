import { Loader2 } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { QuoteFigures } from "./QuoteFigures.tsx";
import type { CartQuote } from "./quote.ts";

interface Props {
  /** The summary box; the checkout reads the checked payment method inside it. */
  summaryRef: RefObject<HTMLElement | null>;
  /** The server's quote of the cart (null before the first answer). */
  quote: CartQuote | null;
  /** A newer quote is on its way. */
  updating: boolean;
  /** The last quote could not be had. */
  failed: boolean;
  /** False before hydration (the cart is not read yet). */
  ready: boolean;
  sending: boolean;
  onFinalize: () => void;
  /** 'Código de desconto', under the figures. */
  codeField?: ReactNode;
  /** The payment choice. */
  children: ReactNode;
}

/**
 * Cart /carrinho: 'Resumo' (subtotal, discount, delivery and total to pay from the server, 'Código de desconto', the
 * payment choice, 'Finalizar Compra').
 */
export function OrderSummary({
  summaryRef,
  quote,
  updating,
  failed,
  ready,
  sending,
  onFinalize,
  codeField,
  children,
}: Props) {
  return (
    <aside ref={summaryRef} className="group/pay rounded-2xl border border-gray-200 bg-gray-50 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">Resumo</h2>
      <div className="mt-4 border-b border-gray-200 pb-4">
        <QuoteFigures quote={quote} updating={updating} failed={failed}>
          {quote?.zona == null ? (
            <p className="mt-2 text-xs text-gray-500">
              Madeira e Açores: os portes são atualizados quando indicar o código postal nos dados de entrega.
            </p>
          ) : null}
        </QuoteFigures>
      </div>

      {codeField}

      {children}

      <button
        type="button"
        onClick={onFinalize}
        disabled={sending || !ready}
        className={`${focusRing} mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70`}
      >
        {sending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        {sending ? "A processar..." : "Finalizar Compra"}
      </button>
    </aside>
  );
}
