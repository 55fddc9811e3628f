import { AlertCircle, Loader2, Minus, Plus, ShoppingBag, ShoppingCart, Trash2 } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "../lib/toast.tsx";
import { MAX_UNITS_PER_LINE, MBWAY_PHONE, normalisePhone, ORDER_MESSAGES } from "#server/orders/rules.ts";
import type { CartCheck, CartCheckLine } from "#server/orders/schemas.ts";
import { CatalogImage } from "../components/catalog/CatalogImage.tsx";
import { focusRing } from "../components/catalog/ProductCard.tsx";
import type { DeliveryForm, DeliveryPayload } from "../components/checkout/DeliveryDialog.tsx";
import { apiPost, messageFrom, NetworkError } from "../lib/api.ts";
import { formatEuros } from "../lib/format.ts";
import {
  clearUser,
  readCartLines,
  readUser,
  useCartLines,
  useHydrated,
  writeCart,
  writeCheckoutResult,
  type StoredCartLine,
} from "../lib/storage.ts";
import type { Route } from "./+types/carrinho";

// The delivery form (zod validation and the Radix dialog) is only needed once the
// shopper presses 'Finalizar Compra': it is fetched then, alongside the last cart check, instead of
// with the page.
const loadDeliveryDialog = () => import("../components/checkout/DeliveryDialog.tsx");
const DeliveryDialog = lazy(() => loadDeliveryDialog().then((m) => ({ default: m.DeliveryDialog })));

/**
 * Cart /carrinho (spec sections 2, 4, 5 and 8): the lines come from localStorage `carrinho`
 * (client only, a skeleton on the server), the shopper picks a payment method, fills the
 * delivery modal, and POST /orders creates the order; the server prices everything.
 *
 * The payment choice is in the server's HTML and is a plain form control: what the shopper taps
 * before hydration stays (decision 0008). The radios and the MB WAY number are uncontrolled; the
 * DOM is read on mount and at checkout, and the chosen card and the number field follow `:checked`
 * in CSS, so nothing waits for React.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Carrinho | Loja" },
  {
    name: "description",
    content: "O seu carrinho de compras na Loja: reveja os artigos e pague por MB WAY, Multibanco ou Payshop.",
  },
];

type Method = "mbway" | "mb" | "payshop";
const METHOD_FIELD = "metodo_pagamento";
const isMethod = (value: unknown): value is Method => value === "mbway" || value === "mb" || value === "payshop";

/** The payment method checked in the page (by the shopper, with or without JavaScript). */
function checkedMethod(root: HTMLElement | null): Method | null {
  const value = root?.querySelector<HTMLInputElement>(`input[name="${METHOD_FIELD}"]:checked`)?.value;
  return isMethod(value) ? value : null;
}

const METHODS: Array<{ value: Method; label: string; hint: string }> = [
  { value: "mbway", label: "MB WAY", hint: "Pague na app MB WAY do seu telemóvel." },
  { value: "mb", label: "Multibanco", hint: "Referência para pagar no multibanco ou homebanking." },
  { value: "payshop", label: "Payshop", hint: "Referência para pagar num agente Payshop." },
];

const LOGIN_REDIRECT = "/login?redirect=/carrinho";
const AUTH_REQUIRED = "Tem de estar autenticado para finalizar a compra.";

interface OrderCreated {
  order_id: number;
  pagamento: unknown;
}

const lineKey = (line: StoredCartLine) => `${line.id}|${line.cor}|${line.tamanho}|${line.variant_id ?? ""}`;

const REVIEW_CART = "Reveja o carrinho: há artigos indisponíveis ou sem stock suficiente.";

/** Asks the server how the cart stands now (prices, stock, removed products); null when it cannot say. */
async function fetchCartCheck(lines: StoredCartLine[]): Promise<CartCheck | null> {
  const items = lines.map((l) => ({
    product_id: l.id,
    quantity: l.quantidade,
    price: l.price,
    ...(l.variant_id ? { variant_id: l.variant_id } : {}),
    cor: l.cor || undefined,
    tamanho: l.tamanho || undefined,
  }));
  try {
    const res = await apiPost<CartCheck>("/api/cart/check", { items });
    return res.ok && res.data ? res.data : null;
  } catch {
    return null;
  }
}

interface PriceChange {
  name: string;
  before: number;
  after: number;
}

/**
 * Revalidates the cart against the database whenever its items or quantities change, and
 * before checkout. Stored prices follow the database (so the total shown is the total charged)
 * and every change is told to the shopper; lines that cannot be bought carry their reason.
 */
function useCartCheck(lines: StoredCartLine[] | null) {
  const [problems, setProblems] = useState<Map<string, CartCheckLine>>(new Map());
  const [priceChanges, setPriceChanges] = useState<PriceChange[]>([]);

  const run = useCallback(async (): Promise<CartCheck | null> => {
    const current = readCartLines();
    if (current.length === 0) return null;
    const check = await fetchCartCheck(current);
    if (!check) return null;
    const changes: PriceChange[] = [];
    const next = current.map((line, i) => {
      const checked = check.lines[i];
      if (checked?.price == null || Math.round(checked.price * 100) === Math.round(line.price * 100)) return line;
      changes.push({ name: checked.name ?? line.name, before: line.price, after: checked.price });
      return { ...line, price: checked.price };
    });
    if (changes.length > 0) {
      writeCart(next);
      setPriceChanges((previous) => [...previous, ...changes]);
    }
    const blocking = new Map<string, CartCheckLine>();
    current.forEach((line, i) => {
      const checked = check.lines[i];
      if (checked && checked.status !== "ok" && checked.status !== "price_changed")
        blocking.set(lineKey(line), checked);
    });
    setProblems(blocking);
    return check;
  }, []);

  // Only items and quantities matter: a price written back by the check must not trigger another.
  const signature = lines === null ? null : lines.map((l) => `${lineKey(l)}:${l.quantidade}`).join(",");
  useEffect(() => {
    if (signature !== null) void run();
  }, [signature, run]);

  return { problems, priceChanges, recheck: run };
}

/** Rewrites the stored cart keeping every stored field (variant_id included). */
function updateLines(change: (lines: StoredCartLine[]) => StoredCartLine[]) {
  writeCart(change(readCartLines()));
}

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

function PageTitle() {
  return <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Carrinho</h1>;
}

/** The lines' place while they are read from the browser's storage. */
function LinesSkeleton() {
  return (
    <div className="space-y-3 pt-3" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="flex animate-pulse gap-4 rounded-xl border border-gray-200 p-4">
          <div className="size-20 rounded-lg bg-gray-200" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-4 w-2/3 rounded bg-gray-200" />
            <div className="h-3 w-1/3 rounded bg-gray-200" />
          </div>
        </div>
      ))}
      <span className="sr-only">A carregar o carrinho…</span>
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-gray-100">
        <ShoppingCart className="size-8 text-gray-500" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-gray-900">O seu carrinho está vazio.</h1>
      <Link
        to="/"
        className={`${focusRing} mt-6 inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700`}
      >
        <ShoppingBag className="size-4" aria-hidden="true" />
        Continuar a comprar
      </Link>
    </div>
  );
}

function QuantityControl({ line }: { line: StoredCartLine }) {
  const key = lineKey(line);
  const [draft, setDraft] = useState<string | null>(null);
  const setQuantity = (quantidade: number) => {
    const q = Math.min(MAX_UNITS_PER_LINE, Math.max(1, Math.floor(quantidade)));
    updateLines((all) => all.map((l) => (lineKey(l) === key ? { ...l, quantidade: q } : l)));
  };
  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    if (Number.isFinite(n) && n >= 1) setQuantity(n);
    else toast.error(ORDER_MESSAGES.quantity);
    setDraft(null);
  };
  const button = `${focusRing} grid size-9 place-items-center text-gray-700 hover:bg-gray-100 disabled:opacity-40 disabled:hover:bg-transparent`;
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-gray-300">
      <button
        type="button"
        className={button}
        aria-label={`Diminuir quantidade de ${line.name}`}
        disabled={line.quantidade <= 1}
        onClick={() => setQuantity(line.quantidade - 1)}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_UNITS_PER_LINE}
        aria-label={`Quantidade de ${line.name}`}
        value={draft ?? String(line.quantidade)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
        className="h-9 w-12 [appearance:textfield] border-x border-gray-300 text-center text-sm text-gray-900 outline-none focus:bg-brand-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={button}
        aria-label={`Aumentar quantidade de ${line.name}`}
        disabled={line.quantidade >= MAX_UNITS_PER_LINE}
        onClick={() => setQuantity(line.quantidade + 1)}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function removeLine(line: StoredCartLine) {
  const key = lineKey(line);
  updateLines((all) => all.filter((l) => lineKey(l) !== key));
}

function Variant({ line }: { line: StoredCartLine }) {
  const parts = [line.cor && `Cor: ${line.cor}`, line.tamanho && `Tamanho: ${line.tamanho}`].filter(Boolean);
  return parts.length ? <p className="mt-0.5 text-sm text-gray-600">{parts.join(" · ")}</p> : null;
}

function CartLineRow({ line, problem }: { line: StoredCartLine; problem?: CartCheckLine }) {
  const href = `/produto/${line.id}`;
  const remove = (
    <button
      type="button"
      onClick={() => removeLine(line)}
      aria-label={`Remover ${line.name} do carrinho`}
      className={`${focusRing} grid size-9 place-items-center rounded-lg text-gray-500 hover:bg-red-50 hover:text-red-600`}
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <li className="flex gap-4 py-4 sm:grid sm:grid-cols-[5rem_1fr_6rem_8.5rem_6.5rem_2.25rem] sm:items-center sm:gap-4">
      <Link to={href} className={`${focusRing} shrink-0 rounded-lg`} tabIndex={-1} aria-hidden="true">
        <CatalogImage
          file={line.image}
          alt=""
          width={80}
          height={80}
          sizes="80px"
          className="size-20 rounded-lg bg-gray-100 object-cover"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={href}
          className={`${focusRing} rounded-sm font-medium [overflow-wrap:anywhere] text-gray-900 hover:text-brand-600`}
        >
          {line.name || `Produto ${line.id}`}
        </Link>
        <Variant line={line} />
        {problem?.message ? (
          <p className="mt-1 flex items-center gap-1 text-sm font-medium text-red-700">
            <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
            {problem.message}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-gray-600 sm:hidden">{formatEuros(line.price)} / unid.</p>
        <div className="mt-3 flex items-center justify-between gap-3 sm:hidden">
          <QuantityControl line={line} />
          <p className="font-semibold text-gray-900">{formatEuros(line.price * line.quantidade)}</p>
          {remove}
        </div>
      </div>
      <p className="hidden text-right text-sm text-gray-700 sm:block">{formatEuros(line.price)}</p>
      <div className="hidden justify-center sm:flex">
        <QuantityControl line={line} />
      </div>
      <p className="hidden text-right font-semibold text-gray-900 sm:block">
        {formatEuros(line.price * line.quantidade)}
      </p>
      <div className="hidden sm:block">{remove}</div>
    </li>
  );
}

function CartView({ lines }: { lines: StoredCartLine[] | null }) {
  const navigate = useNavigate();
  const summaryRef = useRef<HTMLElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  // Mirrors the checked radio (for the MB WAY field's validation); the DOM stays the source.
  const [method, setMethod] = useState<Method | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  const [sending, setSending] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const { problems, priceChanges, recheck } = useCartCheck(lines);

  const total = (lines ?? []).reduce((sum, l) => sum + l.price * l.quantidade, 0);
  const units = (lines ?? []).reduce((sum, l) => sum + l.quantidade, 0);

  // A method tapped before hydration: the server's radios kept it, the state learns it here.
  useLayoutEffect(() => {
    setMethod(checkedMethod(summaryRef.current));
  }, []);

  const finalize = async () => {
    const method = checkedMethod(summaryRef.current);
    const phone = phoneRef.current?.value ?? "";
    setMethod(method);
    const user = readUser();
    if (!user || !user.id) {
      toast.error(AUTH_REQUIRED);
      void navigate(LOGIN_REDIRECT);
      return;
    }
    if (!method) {
      setMethodError(ORDER_MESSAGES.method);
      toast.error(ORDER_MESSAGES.method);
      return;
    }
    if (method === "mbway" && !MBWAY_PHONE.test(normalisePhone(phone))) {
      setPhoneError(ORDER_MESSAGES.mbwayPhone);
      toast.error(ORDER_MESSAGES.mbwayPhone);
      document.getElementById("mbway-phone")?.focus();
      return;
    }
    // The server is asked again right before checkout: nothing changed silently.
    const [check, dialogReady] = await Promise.all([
      recheck(),
      loadDeliveryDialog().then(
        () => true,
        () => false,
      ),
    ]);
    if (!dialogReady) {
      toast.error("Não foi possível conectar ao servidor.");
      return;
    }
    if (check && !check.ok) {
      const blocking = check.lines.some((l) => l.status !== "ok" && l.status !== "price_changed");
      const message = blocking
        ? REVIEW_CART
        : "Os preços foram atualizados. Confirme o novo total e finalize a compra.";
      setCheckoutError(message);
      toast.error(message);
      return;
    }
    idempotencyKey.current = crypto.randomUUID();
    setCheckoutError(null);
    setDialogMounted(true);
    setDialogOpen(true);
  };

  const submitOrder = async (form: DeliveryForm, payload: DeliveryPayload) => {
    const user = readUser();
    if (!user?.id) {
      setDialogOpen(false);
      toast.error(AUTH_REQUIRED);
      void navigate(LOGIN_REDIRECT);
      return;
    }
    const method = checkedMethod(summaryRef.current);
    if (!method) return;
    const phone = phoneRef.current?.value ?? "";
    const current = readCartLines();
    if (current.length === 0) return;
    idempotencyKey.current ??= crypto.randomUUID();
    setSending(true);
    setCheckoutError(null);
    const body = {
      user_id: user.id,
      metodo_pagamento: method,
      telemovel: method === "mbway" ? normalisePhone(phone) : null,
      dados_entrega: payload,
      items: current.map((l) => ({
        product_id: l.id,
        quantity: l.quantidade,
        ...(l.variant_id ? { variant_id: l.variant_id } : {}),
        cor: l.cor || undefined,
        tamanho: l.tamanho || undefined,
      })),
    };
    try {
      const res = await apiPost<OrderCreated>("/orders", body, {
        headers: { "Idempotency-Key": idempotencyKey.current },
        timeoutMs: 30_000,
      });
      if (res.status === 201 && res.data && typeof res.data.order_id === "number" && res.data.pagamento) {
        writeCheckoutResult(res.data.pagamento, res.data.order_id, form);
        writeCart([]);
        idempotencyKey.current = null;
        setDialogOpen(false);
        void navigate("/pagamento");
        return;
      }
      if (res.status === 401) {
        setDialogOpen(false);
        clearUser();
        toast.error(AUTH_REQUIRED);
        void navigate(LOGIN_REDIRECT);
        return;
      }
      const detail = messageFrom(res.data) ?? `Erro ${res.status}`;
      const message = `${ORDER_MESSAGES.checkoutFailed} ${detail}`;
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

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <PageTitle />
      <p className="mt-1 text-sm text-gray-600">
        {lines === null ? "\u00a0" : `${units} ${units === 1 ? "artigo" : "artigos"}`}
      </p>

      {checkoutError && !dialogOpen ? (
        <div
          role="alert"
          className="mt-6 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <AlertCircle className="size-5 shrink-0 text-red-600" aria-hidden="true" />
          <p>{checkoutError}</p>
        </div>
      ) : null}

      {priceChanges.length > 0 ? (
        <div role="status" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Alguns preços mudaram desde que adicionou os artigos; o total foi atualizado:</p>
          <ul className="mt-1 list-disc pl-5">
            {priceChanges.map((c, i) => (
              <li key={`${c.name}-${i}`}>
                {c.name}: {formatEuros(c.before)} → {formatEuros(c.after)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section aria-label="Artigos no carrinho">
          <div
            aria-hidden="true"
            className="hidden border-b border-gray-200 pb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase sm:grid sm:grid-cols-[5rem_1fr_6rem_8.5rem_6.5rem_2.25rem] sm:gap-4"
          >
            <span>Artigo</span>
            <span />
            <span className="text-right">Preço</span>
            <span className="text-center">Quantidade</span>
            <span className="text-right">Total</span>
            <span />
          </div>
          {lines === null ? (
            <LinesSkeleton />
          ) : (
            <ul className="divide-y divide-gray-200 border-b border-gray-200">
              {lines.map((line) => (
                <CartLineRow key={lineKey(line)} line={line} problem={problems.get(lineKey(line))} />
              ))}
            </ul>
          )}
          <Link
            to="/"
            className={`${focusRing} mt-4 inline-block rounded-sm text-sm font-medium text-brand-600 hover:text-brand-700`}
          >
            ← Continuar a comprar
          </Link>
        </section>

        <aside ref={summaryRef} className="group/pay rounded-2xl border border-gray-200 bg-gray-50 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-gray-900">Resumo</h2>
          <dl className="mt-4 flex items-baseline justify-between border-b border-gray-200 pb-4">
            <dt className="text-sm text-gray-700">Total dos artigos</dt>
            <dd className="text-xl font-bold text-gray-900">
              {lines === null ? (
                <span className="inline-block h-6 w-20 animate-pulse rounded bg-gray-200 align-middle" />
              ) : (
                formatEuros(total)
              )}
            </dd>
          </dl>
          <p className="mt-2 text-xs text-gray-500">Portes e total final calculados na confirmação da encomenda.</p>

          <fieldset className="mt-5">
            <legend className="text-sm font-semibold text-gray-900">Método de pagamento</legend>
            <div className="mt-3 grid gap-2">
              {METHODS.map((m) => (
                <label
                  key={m.value}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 bg-white p-3 transition hover:border-gray-300 has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
                >
                  <input
                    type="radio"
                    name={METHOD_FIELD}
                    value={m.value}
                    onChange={() => {
                      setMethod(m.value);
                      setMethodError(null);
                    }}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-gray-900">{m.label}</span>
                    <span className="block text-xs text-gray-600">{m.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {methodError ? <p className="mt-2 text-sm text-red-600">{methodError}</p> : null}
          </fieldset>

          {/* Always in the page, shown by CSS while MB WAY is checked (also before hydration). */}
          <div className="mt-4 hidden group-has-[input[value=mbway]:checked]/pay:block">
            <label htmlFor="mbway-phone" className="block text-sm font-medium text-gray-800">
              Número de telemóvel MB WAY
            </label>
            <input
              ref={phoneRef}
              id="mbway-phone"
              name="telemovel"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="912345678"
              maxLength={20}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? "mbway-phone-error" : undefined}
              onChange={() => setPhoneError(null)}
              onBlur={(e) => {
                const value = e.target.value;
                if (method === "mbway" && value.trim() && !MBWAY_PHONE.test(normalisePhone(value)))
                  setPhoneError(ORDER_MESSAGES.mbwayPhone);
              }}
              className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm ${
                phoneError ? "border-red-500" : "border-gray-300"
              }`}
            />
            {phoneError ? (
              <p id="mbway-phone-error" className="mt-1 text-sm text-red-600">
                {phoneError}
              </p>
            ) : null}
          </div>

          <button
            type="button"
            onClick={() => void finalize()}
            disabled={sending || lines === null}
            className={`${focusRing} mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70`}
          >
            {sending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {sending ? "A processar..." : "Finalizar Compra"}
          </button>
        </aside>
      </div>

      {dialogMounted ? (
        <Suspense fallback={null}>
          <DeliveryDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            sending={sending}
            serverError={checkoutError}
            onConfirm={(form, payload) => void submitOrder(form, payload)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
