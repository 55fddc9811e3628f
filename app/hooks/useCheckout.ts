import { useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { readDiscountCode, writeDiscountCode } from "#app/components/cart/discount-code.ts";
import { checkedMethod, type Method } from "#app/components/cart/payment-method.ts";
import type { DeliveryForm, DeliveryPayload } from "#app/components/checkout/delivery-form.ts";
import { loadDeliveryDialog } from "#app/components/checkout/lazy-delivery-dialog.ts";
import type { Repriced } from "#app/components/checkout/useDeliveryQuote.ts";
import { apiGet, apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import {
  clearUser,
  readCartLines,
  readUser,
  writeCart,
  writeCheckoutResult,
  type StoredCartLine,
} from "#app/lib/storage.ts";
import { toast } from "#app/lib/toast.tsx";
import type { BillingData, SavedBilling } from "#server/modules/orders/billing.ts";
import { MBWAY_PHONE, normalisePhone, ORDER_MESSAGES } from "#server/modules/orders/rules.ts";
import type {
  CartCheck,
  CreateOrderBody,
  createOrderResponse,
  SavedDelivery,
  TotalChangedDetails,
} from "#server/modules/orders/schemas.ts";

type OrderCreated = z.infer<typeof createOrderResponse>;

export const LOGIN_REDIRECT = "/login?redirect=/carrinho";
export const AUTH_REQUIRED = "Tem de estar autenticado para finalizar a compra.";
export const REVIEW_CART = "Reveja o carrinho: há artigos indisponíveis ou sem stock suficiente.";
export const PRICES_UPDATED = "Os preços foram atualizados. Confirme o novo total e finalize a compra.";
const NO_CONNECTION = "Não foi possível conectar ao servidor.";

/** The body of POST /orders for the stored lines (the server prices everything; `total` is the total shown). */
export function orderBody(
  userId: number,
  method: Method,
  phone: string,
  delivery: DeliveryPayload,
  lines: readonly StoredCartLine[],
  total?: number,
  billing?: BillingData,
  code: string | null = readDiscountCode(),
): CreateOrderBody {
  return {
    user_id: userId,
    metodo_pagamento: method,
    telemovel: method === "mbway" ? normalisePhone(phone) : null,
    dados_entrega: delivery,
    items: lines.map((l) => ({
      product_id: l.id,
      quantity: l.quantidade,
      ...(l.variant_id ? { variant_id: l.variant_id } : {}),
      cor: l.cor || undefined,
      tamanho: l.tamanho || undefined,
    })),
    ...(total === undefined ? {} : { total_esperado: total }),
    ...(billing ? { dados_faturacao: billing } : {}),
    // The applied discount code (issue 20): the server checks it again and refuses the order if it no longer applies.
    ...(code ? { codigo_desconto: code } : {}),
  };
}

/**
 * The account's last delivery address (GET /api/users/me/delivery) as the dialog's form, with its newest NIF and
 * billing data (the raw `faturacao`, made a form by the dialog's module); null if none or unknown.
 */
async function fetchSavedDelivery(): Promise<{ delivery: DeliveryForm; billing: SavedBilling } | null> {
  try {
    const res = await apiGet<SavedDelivery>("/api/users/me/delivery");
    const saved = res.ok ? res.data : null;
    if (!saved) return null;
    const { nome, morada, codigo_postal, cidade, telefone } = saved;
    return {
      // The address is offered again; a paid extra never is: 'Entrega rápida' starts unticked whatever the last
      // order chose (EU consumer-rights rule on default options; issue 18, defect 2).
      delivery: { nome, morada, codigoPostal: codigo_postal, cidade, telefone, entregaRapida: false },
      billing: saved.faturacao ?? null,
    };
  } catch {
    return null;
  }
}

/** The 409 details of a total that changed, or null for any other answer. */
function repricedFrom(status: number, data: unknown): Repriced | null {
  if (status !== 409 || !data || typeof data !== "object") return null;
  const details = (data as { details?: Partial<TotalChangedDetails> }).details;
  if (details?.reason !== "total_changed" || typeof details.total !== "number") return null;
  return { ...(details as TotalChangedDetails), message: messageFrom(data) ?? "" };
}

interface Options {
  /** The box holding the payment radios (the DOM is their source of truth, decision 0008). */
  summaryRef: RefObject<HTMLElement | null>;
  phoneRef: RefObject<HTMLInputElement | null>;
  /** The cart check, run again right before checkout. */
  recheck: () => Promise<CartCheck | null>;
}

/**
 * Cart /carrinho: 'Finalizar Compra' (signed in, a payment method, a valid MB WAY number, the cart checked
 * again, then the delivery dialog, pre-filled with the account's last delivery data) and the order's submission
 * (POST /orders with the total the dialog showed and an idempotency key that a retry after no answer reuses;
 * success stores the payment data, empties the cart and opens /pagamento; a total that changed meanwhile keeps
 * the dialog open with the new figure to confirm).
 */
export function useCheckout({ summaryRef, phoneRef, recheck }: Options) {
  const navigate = useNavigate();
  const [methodError, setMethodError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  const [sending, setSending] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const [savedDelivery, setSavedDelivery] = useState<DeliveryForm | null>(null);
  const [savedBilling, setSavedBilling] = useState<SavedBilling>(null);
  const [repriced, setRepriced] = useState<Repriced | null>(null);
  const idempotencyKey = useRef<string | null>(null);

  const toLogin = () => {
    toast.error(AUTH_REQUIRED);
    void navigate(LOGIN_REDIRECT);
  };

  const finalize = async () => {
    const method = checkedMethod(summaryRef.current);
    const phone = phoneRef.current?.value ?? "";
    if (!readUser()?.id) return toLogin();
    if (!method) {
      setMethodError(ORDER_MESSAGES.method);
      toast.error(ORDER_MESSAGES.method);
      return;
    }
    if (method === "mbway" && !MBWAY_PHONE.test(normalisePhone(phone))) {
      setPhoneError(ORDER_MESSAGES.mbwayPhone);
      toast.error(ORDER_MESSAGES.mbwayPhone);
      phoneRef.current?.focus();
      return;
    }
    // The server is asked again right before checkout: nothing changed silently.
    // The dialog's form starts from the last order's address (asked once, before the dialog first opens).
    const [check, dialogReady, saved] = await Promise.all([
      recheck(),
      loadDeliveryDialog().then(
        () => true,
        () => false,
      ),
      dialogMounted ? null : fetchSavedDelivery(),
    ]);
    if (!dialogReady) {
      toast.error(NO_CONNECTION);
      return;
    }
    if (check && !check.ok) {
      const blocking = check.lines.some((l) => l.status !== "ok" && l.status !== "price_changed");
      const message = blocking ? REVIEW_CART : PRICES_UPDATED;
      setCheckoutError(message);
      toast.error(message);
      return;
    }
    idempotencyKey.current = crypto.randomUUID();
    setCheckoutError(null);
    setRepriced(null);
    if (saved) {
      setSavedDelivery(saved.delivery);
      setSavedBilling(saved.billing);
    }
    setDialogMounted(true);
    setDialogOpen(true);
  };

  const submitOrder = async (form: DeliveryForm, payload: DeliveryPayload, total: number, billing?: BillingData) => {
    const user = readUser();
    if (!user?.id) {
      setDialogOpen(false);
      return toLogin();
    }
    const method = checkedMethod(summaryRef.current);
    if (!method) return;
    const lines = readCartLines();
    if (lines.length === 0) return;
    idempotencyKey.current ??= crypto.randomUUID();
    setSending(true);
    setCheckoutError(null);
    setRepriced(null);
    const body = orderBody(user.id, method, phoneRef.current?.value ?? "", payload, lines, total, billing);
    try {
      const res = await apiPost<OrderCreated>("/orders", body, {
        headers: { "Idempotency-Key": idempotencyKey.current },
        timeoutMs: 30_000,
      });
      if (res.status === 201 && res.data && typeof res.data.order_id === "number" && res.data.pagamento) {
        writeCheckoutResult(res.data.pagamento, res.data.order_id, form);
        writeCart([]);
        writeDiscountCode(null);
        idempotencyKey.current = null;
        setDialogOpen(false);
        void navigate("/pagamento");
        return;
      }
      if (res.status === 401) {
        setDialogOpen(false);
        clearUser();
        return toLogin();
      }
      const changed = repricedFrom(res.status, res.data);
      if (changed) {
        // Nothing was created: the dialog shows the new figure and the shopper confirms again (same key).
        setRepriced(changed);
        void recheck();
        return;
      }
      const message = `${ORDER_MESSAGES.checkoutFailed} ${messageFrom(res.data) ?? `Erro ${res.status}`}`;
      toast.error(message);
      setCheckoutError(message);
      // A refused order will not change on a retry: a new attempt gets a new key.
      idempotencyKey.current = null;
      setDialogOpen(false);
    } catch (error) {
      const detail = error instanceof NetworkError ? error.message : "Erro inesperado.";
      const message = `${ORDER_MESSAGES.checkoutFailed} ${detail}`;
      toast.error(message);
      // No answer: the dialog stays open and a retry reuses the same key.
      setCheckoutError(message);
    } finally {
      setSending(false);
    }
  };

  return {
    finalize,
    submitOrder,
    sending,
    checkoutError,
    savedDelivery,
    savedBilling,
    repriced,
    dialogOpen,
    setDialogOpen,
    dialogMounted,
    methodError,
    clearMethodError: () => setMethodError(null),
    phoneError,
    setPhoneError,
  };
}
