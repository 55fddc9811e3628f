import type { ReactNode } from "react";
import { formatEuros } from "#app/lib/format.ts";
import { quoteDiscounts, ZONE_LABELS, type CartQuote } from "./quote.ts";

interface Props {
  /** The server's last quote; null until the first one arrives (or when none could be had). */
  quote: CartQuote | null;
  /** A newer quote is on its way: the figures shown are dimmed until it arrives. */
  updating: boolean;
  /** No quote could be had: said instead of the figures. */
  failed: boolean;
  /** Under the figures (the cart page's hint, the dialog's retry). */
  children?: ReactNode;
}

const Skeleton = () => <span className="inline-block h-4 w-16 animate-pulse rounded bg-gray-200 align-middle" />;

/**
 * Cart /carrinho and its delivery dialog: Subtotal, Promoções and Desconto (when any), Portes (with the zone) and 'Total a pagar', every figure
 * as the server quoted it (POST /api/cart/quote); never a sum made in the browser.
 */
export function QuoteFigures({ quote, updating, failed, children }: Props) {
  const value = (euros: number | undefined) => (euros === undefined ? failed ? "—" : <Skeleton /> : formatEuros(euros));
  const zone = ZONE_LABELS[quote?.zona ?? "continente"];
  const discounts = quoteDiscounts(quote);
  // Both are the server's cents in euros: the difference is exact once rounded to the cent.
  const codeDiscount = Math.round((discounts.total - discounts.automatic) * 100) / 100;
  return (
    <div aria-live="polite" aria-busy={updating || (!quote && !failed)}>
      <dl className={`space-y-2 text-sm transition-opacity ${updating ? "opacity-60" : ""}`}>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-gray-700">Subtotal</dt>
          <dd className="font-medium text-gray-900">{value(quote?.subtotal)}</dd>
        </div>
        {discounts.automatic > 0 ? (
          // The automatic reductions, as each line shows them (and the product pages).
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-gray-700">Promoções</dt>
            <dd className="font-medium whitespace-nowrap text-green-700">−{formatEuros(discounts.automatic)}</dd>
          </div>
        ) : null}
        {codeDiscount > 0 ? (
          // The code's discount (its share of the lines and any free delivery), as the server quoted it.
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-gray-700">
              Desconto
              {discounts.code ? <span className="text-gray-500"> (código {discounts.code})</span> : null}
            </dt>
            <dd className="font-medium whitespace-nowrap text-green-700">−{formatEuros(codeDiscount)}</dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-gray-700">
            Portes{" "}
            <span className="text-gray-500">
              ({zone}
              {quote?.entrega_rapida ? ", entrega rápida" : ""})
            </span>
          </dt>
          <dd className="font-medium whitespace-nowrap text-gray-900">
            {/* Free standard delivery (the shop's threshold): said in words, not as 0,00 €. */}
            {quote?.portes === 0 ? "Grátis" : value(quote?.portes)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-gray-200 pt-3">
          <dt className="font-semibold text-gray-900">
            Total a pagar <span className="block text-xs font-normal text-gray-600">IVA incluído</span>
          </dt>
          <dd className="text-xl font-bold whitespace-nowrap text-gray-900">{value(quote?.total)}</dd>
        </div>
      </dl>
      {failed && !quote ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          Não foi possível calcular o total. Verifique a ligação e tente novamente.
        </p>
      ) : null}
      {children}
    </div>
  );
}
