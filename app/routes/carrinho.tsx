import { Suspense, useRef } from "react";
import { CartLines } from "#app/components/cart/CartLines.tsx";
import { cartUnits, lineKey } from "#app/components/cart/cart-lines.ts";
import { useDiscountCode } from "#app/components/cart/discount-code.ts";
import { DiscountCodeField } from "#app/components/cart/DiscountCodeField.tsx";
import { lineDiscount, quoteDiscounts, type LineDiscount } from "#app/components/cart/quote.ts";
import { CheckoutErrorNotice, PriceChangesNotice } from "#app/components/cart/CartNotices.tsx";
import { EmptyCart } from "#app/components/cart/EmptyCart.tsx";
import { OrderSummary } from "#app/components/cart/OrderSummary.tsx";
import { PaymentMethodChoice } from "#app/components/cart/PaymentMethodChoice.tsx";
import { LazyDeliveryDialog } from "#app/components/checkout/lazy-delivery-dialog.ts";
import { useCartCheck } from "#app/hooks/useCartCheck.ts";
import { useCheckout } from "#app/hooks/useCheckout.ts";
import { useCartLines, useHydrated, type StoredCartLine } from "#app/lib/storage.ts";
import type { Route } from "./+types/carrinho";
import { shopNameIn } from "#app/lib/shop.ts";

/**
 * Cart /carrinho: the lines come from localStorage `carrinho` (client only, a skeleton on the server), the
 * shopper picks a payment method, may apply a 'Código de desconto', fills the delivery dialog, and POST /orders
 * creates the order (with the code); the server prices everything, and the summary and the dialog show its quote
 * (subtotal, discount, delivery, total) before each button; discounted lines show their list total struck through.
 *
 * The payment choice is in the server's HTML and is a plain form control: what the shopper taps before
 * hydration stays (decision 0008). The radios and the MB WAY number are uncontrolled; the DOM is read at
 * checkout, and the chosen card and the number field follow `:checked` in CSS, so nothing waits for React.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Carrinho | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `O seu carrinho de compras na ${shopNameIn(matches)}: reveja os artigos e pague por MB WAY, Multibanco ou Payshop.`,
  },
];

export default function Carrinho() {
  const hydrated = useHydrated();
  const lines = useCartLines();

  // A full-height box keeps the footer in place while the cart (read after hydration) renders.
  // Before hydration the lines are unknown (null): their place shows a skeleton, the payment choice is live.
  return (
    <div className="min-h-[calc(100vh-4rem)]">
      {hydrated && lines.length === 0 ? <EmptyCart /> : <CartView lines={hydrated ? lines : null} />}
    </div>
  );
}

function CartView({ lines }: { lines: StoredCartLine[] | null }) {
  const summaryRef = useRef<HTMLElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const { problems, priceChanges, recheck, quote, updating, failed, codeMessage, clearCodeMessage } =
    useCartCheck(lines);
  const checkout = useCheckout({ summaryRef, phoneRef, recheck });
  const units = lines === null ? 0 : cartUnits(lines);
  const code = useDiscountCode();
  // The quote answers the lines in order: each line's discount (automatic reduction, the code's share).
  const discounts = new Map<string, LineDiscount>();
  if (lines && quote && quote.lines.length === lines.length) {
    lines.forEach((line, i) => {
      const d = lineDiscount(quote.lines[i]);
      if (d) discounts.set(lineKey(line), d);
    });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Carrinho</h1>
      <p className="mt-1 text-sm text-gray-600">
        {lines === null ? "\u00a0" : `${units} ${units === 1 ? "artigo" : "artigos"}`}
      </p>

      {checkout.checkoutError && !checkout.dialogOpen ? <CheckoutErrorNotice message={checkout.checkoutError} /> : null}
      {priceChanges.length > 0 ? <PriceChangesNotice changes={priceChanges} /> : null}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <CartLines lines={lines} problems={problems} discounts={discounts} />
        <OrderSummary
          summaryRef={summaryRef}
          quote={quote}
          updating={updating}
          failed={failed}
          ready={lines !== null}
          sending={checkout.sending}
          onFinalize={() => void checkout.finalize()}
          codeField={
            <DiscountCodeField
              applied={code}
              quoted={quoteDiscounts(quote).code}
              message={codeMessage}
              updating={updating}
              onClearMessage={clearCodeMessage}
            />
          }
        >
          <PaymentMethodChoice
            phoneRef={phoneRef}
            methodError={checkout.methodError}
            phoneError={checkout.phoneError}
            onMethodChange={checkout.clearMethodError}
            onPhoneError={checkout.setPhoneError}
          />
        </OrderSummary>
      </div>

      {checkout.dialogMounted ? (
        <Suspense fallback={null}>
          <LazyDeliveryDialog
            open={checkout.dialogOpen}
            onOpenChange={checkout.setDialogOpen}
            sending={checkout.sending}
            serverError={checkout.checkoutError}
            initial={checkout.savedDelivery}
            initialBilling={checkout.savedBilling}
            repriced={checkout.repriced}
            onConfirm={(form, payload, total, billing) => void checkout.submitOrder(form, payload, total, billing)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
