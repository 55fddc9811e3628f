import { useSyncExternalStore } from "react";

/**
 * Typed, SSR-safe access to the browser storage keys (cart, signed-in user, cookie consent, last checkout).
 *
 * Every reader returns the empty value on the server (and when storage is blocked or
 * holds garbage); the hooks use the server snapshot during hydration and switch to the
 * stored value right after, so server and client markup always match.
 */

export const STORAGE_KEYS = {
  cart: "carrinho",
  user: "user",
  cookieConsent: "cookieConsent",
} as const;

/** Fired on window whenever this tab changes `carrinho`. */
export const CART_CHANGED_EVENT = "carrinho:changed";
/** Fired on window whenever this tab changes `user`. */
export const USER_CHANGED_EVENT = "user:changed";

export interface CartItem {
  id: number;
  name: string;
  /** The product's first image (file name). */
  image: string;
  price: number;
  cor: string;
  tamanho: string;
  quantidade: number;
}

export type UserRole = "admin" | "cliente";

/** Only these four fields are ever stored under `user`. */
export interface StoredUser {
  id: number;
  name: string;
  email: string;
  function: UserRole | (string & {});
}

// ---------- low level ----------

function storage(): Storage | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage;
  } catch {
    return null; // blocked (privacy settings)
  }
}

function readRaw(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeRaw(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Quota exceeded or blocked: nothing sensible to do.
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const toNumber = (v: unknown): number | null => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};
const toText = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

// ---------- carrinho ----------

function toCartItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const id = toNumber(value.id);
  const price = toNumber(value.price);
  const quantidade = toNumber(value.quantidade);
  if (id === null || price === null || quantidade === null || quantidade < 1) return null;
  return {
    id,
    name: toText(value.name),
    image: toText(value.image),
    price,
    cor: toText(value.cor),
    tamanho: toText(value.tamanho),
    quantidade: Math.floor(quantidade),
  };
}

function parseCart(raw: string | null): CartItem[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  return value.map(toCartItem).filter((item): item is CartItem => item !== null);
}

export function readCart(): CartItem[] {
  return parseCart(readRaw(STORAGE_KEYS.cart));
}

export function writeCart(items: readonly CartItem[]): void {
  writeRaw(STORAGE_KEYS.cart, JSON.stringify(items));
  notifyCartChanged();
}

export function clearCart(): void {
  writeRaw(STORAGE_KEYS.cart, null);
  notifyCartChanged();
}

/** Tells every listener in this tab (header badge, cart page) that `carrinho` changed. */
export function notifyCartChanged(): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/** Total number of units in the cart (the sum of the quantities). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantidade, 0);
}

function subscribeTo(eventName: string, key: string) {
  return (onChange: () => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) onChange();
    };
    window.addEventListener(eventName, onChange);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(eventName, onChange);
      window.removeEventListener("storage", onStorage);
    };
  };
}

const subscribeCart = subscribeTo(CART_CHANGED_EVENT, STORAGE_KEYS.cart);

/** A snapshot reader for useSyncExternalStore: parses again only when the stored text changed. */
function cachedReader<T>(key: string, parse: (raw: string | null) => T): () => T {
  let cache: { raw: string | null; value: T } | null = null;
  return () => {
    const raw = readRaw(key);
    if (cache === null || raw !== cache.raw) cache = { raw, value: parse(raw) };
    return cache.value;
  };
}

/** The cart item count, 0 on the server and during hydration; live afterwards. */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribeCart,
    () => cartCount(readCart()),
    () => 0,
  );
}

// ---------- user ----------

function parseUser(raw: string | null): StoredUser | null {
  const value = parseJson(raw);
  if (!isRecord(value)) return null;
  const id = toNumber(value.id);
  if (id === null) return null;
  return {
    id,
    name: toText(value.name),
    email: toText(value.email),
    function: toText(value.function),
  };
}

export function readUser(): StoredUser | null {
  return parseUser(readRaw(STORAGE_KEYS.user));
}

/** Stores only id, name, email and function, whatever else the object carries. */
export function writeUser(user: StoredUser): void {
  const { id, name, email } = user;
  writeRaw(STORAGE_KEYS.user, JSON.stringify({ id, name, email, function: user.function }));
  notifyUserChanged();
}

/**
 * Signs the shopper out in this browser: removes `user` and the personal data of their last
 * checkout (`pagamento`, `pedido_id`, `delivery_data`), so the next person at this browser
 * sees none of it. The cart stays: it holds no personal data.
 */
export function clearUser(): void {
  writeRaw(STORAGE_KEYS.user, null);
  clearCheckoutResult();
  notifyUserChanged();
}

export function notifyUserChanged(): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new Event(USER_CHANGED_EVENT));
}

const subscribeUser = subscribeTo(USER_CHANGED_EVENT, STORAGE_KEYS.user);
const readUserSnapshot = cachedReader(STORAGE_KEYS.user, parseUser);

/** The stored user, null on the server and during hydration; live afterwards. */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeUser, readUserSnapshot, () => null);
}

// ---------- cookieConsent ----------

/**
 * The consent also lives in a cookie of the same name, only so the server knows whether to render
 * the notice: first-time visitors get it in the HTML (no pop-in after hydration), returning ones
 * never see it flash. localStorage stays the source of truth, as the spec says.
 */
export const COOKIE_CONSENT_COOKIE = "cookieConsent";

export function readCookieConsent(): boolean {
  return readRaw(STORAGE_KEYS.cookieConsent) === "true";
}

/** Whether a request's Cookie header carries the consent (server side). */
export function cookieHeaderHasConsent(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${COOKIE_CONSENT_COOKIE}=true`);
}

function writeConsentCookie(): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COOKIE_CONSENT_COOKIE}=true; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure}`;
}

export function writeCookieConsent(): void {
  writeRaw(STORAGE_KEYS.cookieConsent, "true");
  writeConsentCookie();
}

/** Consent given before the cookie existed: copy it over so the server stops rendering the notice. */
export function syncCookieConsent(): void {
  if (readCookieConsent() && !cookieHeaderHasConsent(document.cookie)) writeConsentCookie();
}

// ---------- carrinho with extra fields (checkout) ----------

/** A cart line as stored, keeping `variant_id` (which readCart drops). */
export interface StoredCartLine extends CartItem {
  variant_id?: number;
}

function parseCartLines(raw: string | null): StoredCartLine[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  const lines: StoredCartLine[] = [];
  for (const entry of value) {
    const item = toCartItem(entry);
    if (!item) continue;
    const variantId = isRecord(entry) ? toNumber(entry.variant_id) : null;
    lines.push(variantId !== null && variantId > 0 ? { ...item, variant_id: variantId } : item);
  }
  return lines;
}

/** The cart lines including `variant_id` when the line has one. */
export function readCartLines(): StoredCartLine[] {
  return parseCartLines(readRaw(STORAGE_KEYS.cart));
}

const readCartLinesSnapshot = cachedReader(STORAGE_KEYS.cart, parseCartLines);
const EMPTY_LINES: StoredCartLine[] = [];

/** The cart lines (with `variant_id`), [] on the server and during hydration; live afterwards. */
export function useCartLines(): StoredCartLine[] {
  return useSyncExternalStore(subscribeCart, readCartLinesSnapshot, () => EMPTY_LINES);
}

// ---------- pagamento / pedido_id / delivery_data ----------

export const CHECKOUT_KEYS = {
  payment: "pagamento",
  orderId: "pedido_id",
  delivery: "delivery_data",
} as const;

/** Stores what the payment page reads after a successful checkout. */
export function writeCheckoutResult(payment: unknown, orderId: number | string, delivery: unknown): void {
  writeRaw(CHECKOUT_KEYS.payment, JSON.stringify(payment));
  writeRaw(CHECKOUT_KEYS.orderId, String(orderId));
  writeRaw(CHECKOUT_KEYS.delivery, JSON.stringify(delivery));
}

/** Replaces the stored `pagamento` (the order's payment changed: a failed MB WAY paid by Multibanco instead). */
export function writeStoredPayment(payment: unknown): void {
  writeRaw(CHECKOUT_KEYS.payment, JSON.stringify(payment));
}

/** The raw parsed `pagamento` object (validate before use), or null. */
export function readStoredPayment(): unknown {
  return parseJson(readRaw(CHECKOUT_KEYS.payment));
}

/** The stored `pedido_id`, or null. */
export function readStoredOrderId(): string | null {
  return readRaw(CHECKOUT_KEYS.orderId);
}

/** Removes `pagamento`, `pedido_id` and `delivery_data`. */
export function clearCheckoutResult(): void {
  writeRaw(CHECKOUT_KEYS.payment, null);
  writeRaw(CHECKOUT_KEYS.orderId, null);
  writeRaw(CHECKOUT_KEYS.delivery, null);
}

const noopSubscribe = () => () => {};

/** false on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
