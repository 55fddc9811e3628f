import { useEffect, useRef, useState } from "react";
import { cartSignature } from "#app/components/cart/cart-lines.ts";
import { useDiscountCode } from "#app/components/cart/discount-code.ts";
import { fetchQuote, quoteBody, type CartQuote } from "#app/components/cart/quote.ts";
import { readCartLines, useCartLines } from "#app/lib/storage.ts";
import { POSTAL_CODE } from "#server/modules/orders/rules.ts";
import type { TotalChangedDetails } from "#server/modules/orders/schemas.ts";

/** Typing pauses this long before the dialog asks for a new quote. */
export const QUOTE_DEBOUNCE_MS = 350;

/** The sums of a refused order's answer (409 total_changed), in euros. */
export type QuotedSums = Pick<CartQuote, "subtotal" | "portes" | "total">;

/** A refused order whose total changed since it was shown: the server's message and new figures (euros). */
export type Repriced = TotalChangedDetails & { message: string };

/**
 * Cart /carrinho, 'Dados de entrega': the server's quote for the cart as it is now, the postal code typed (once it
 * is a whole code; until then the mainland's) and the next-day choice, asked again when any of them changes
 * (debounced; an older answer never overwrites a newer one). The cart is part of what a quote answers: the dialog
 * stays mounted while closed, and a line added on the page meanwhile must not leave the old total on screen.
 * `fresh` says the figures shown answer what the cart and the form say now. `quoteNow` skips the pause (the shopper
 * pressed 'Confirmar encomenda'); `refresh` asks again for the same choices; `adopt` shows the sums the server
 * answered when it refused the order confirmed with these choices (they are what it charges).
 */
export function useDeliveryQuote(codigoPostal: string, entregaRapida: boolean) {
  const typed = codigoPostal.trim();
  const code = POSTAL_CODE.test(typed) ? typed : "";
  const cart = cartSignature(useCartLines());
  const [attempt, setAttempt] = useState(0);
  // The cart page's discount code is part of what the quote answers (the total confirmed must be the order's).
  const discountCode = useDiscountCode();
  const key = `${cart}|${code}|${entregaRapida}|${discountCode ?? ""}|${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; quote: CartQuote | null } | null>(null);
  const asked = useRef(false);
  // The request of the current choices, waiting for its pause or on its way: quoteNow replaces it.
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | null; controller: AbortController } | null>(null);
  // The choices of the last quote handed to 'Confirmar encomenda'.
  const confirmed = useRef<string | null>(null);

  const ask = (signal: AbortSignal) =>
    fetchQuote(quoteBody(readCartLines(), { codigoPostal: code, entregaRapida }), signal);

  useEffect(() => {
    // An emptied cart (the order was placed) has nothing to quote.
    if (cart === "") return;
    const controller = new AbortController();
    // The first quote (the dialog opening, maybe with a saved address) is asked at once.
    const timer = setTimeout(
      () => {
        void ask(controller.signal).then((quote) => {
          if (!controller.signal.aborted) setAnswer({ key, quote });
        });
      },
      asked.current ? QUOTE_DEBOUNCE_MS : 0,
    );
    asked.current = true;
    pending.current = { timer, controller };
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` names every input of the request (cart, code, next day, attempt).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const fresh = answer?.key === key && answer.quote !== null;
  return {
    /** The last quote received (kept, dimmed, while a newer one is on its way). */
    quote: answer?.quote ?? null,
    fresh,
    updating: answer?.key !== key,
    failed: answer?.key === key && answer.quote === null,
    refresh: () => setAttempt((n) => n + 1),
    /** The quote for the choices as they are now, asked at once unless it is on screen already. */
    async quoteNow(): Promise<CartQuote | null> {
      if (fresh) {
        confirmed.current = key;
        return answer.quote;
      }
      if (pending.current) {
        if (pending.current.timer) clearTimeout(pending.current.timer);
        pending.current.controller.abort();
      }
      const controller = new AbortController();
      pending.current = { timer: null, controller };
      const quote = await ask(controller.signal);
      if (controller.signal.aborted) return null;
      setAnswer({ key, quote });
      confirmed.current = key;
      return quote;
    },
    /**
     * The server refused the order confirmed with these choices because its total is now `sums`: they become the
     * figures on screen, so the next 'Confirmar encomenda' orders exactly what the shopper reads. Choices changed
     * since are being quoted anyway, and their answer is shown instead.
     */
    adopt(sums: QuotedSums) {
      if (confirmed.current !== key || !answer?.quote) return;
      const { subtotal, portes, total } = sums;
      setAnswer({ key, quote: { ...answer.quote, subtotal, portes, total } });
    },
  };
}
