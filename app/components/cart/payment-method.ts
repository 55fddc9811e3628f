/**
 * Cart /carrinho: the payment choice is a native radio group in the server's HTML (decision 0008), so the
 * DOM is its source of truth: what the shopper tapped before hydration stays, and the page reads it when needed.
 */

export type Method = "mbway" | "mb" | "payshop";

export const METHOD_FIELD = "metodo_pagamento";

export const METHODS: ReadonlyArray<{ value: Method; label: string; hint: string }> = [
  { value: "mbway", label: "MB WAY", hint: "Pague na app MB WAY do seu telemóvel." },
  { value: "mb", label: "Multibanco", hint: "Referência para pagar no multibanco ou homebanking." },
  { value: "payshop", label: "Payshop", hint: "Referência para pagar num agente Payshop." },
];

const isMethod = (value: unknown): value is Method => value === "mbway" || value === "mb" || value === "payshop";

/** The payment method checked inside `root` (by the shopper, with or without JavaScript). */
export function checkedMethod(root: ParentNode | null): Method | null {
  const value = root?.querySelector<HTMLInputElement>(`input[name="${METHOD_FIELD}"]:checked`)?.value;
  return isMethod(value) ? value : null;
}
