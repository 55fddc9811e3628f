/**
 * The fetch wrapper every piece of client code uses to talk to the API.
 *
 * - JSON in and out (FormData bodies are sent as multipart, untouched);
 * - cookies always travel (`credentials: "include"`);
 * - unsafe methods echo the `loja_csrf` cookie in `X-CSRF-Token`;
 * - any HTTP answer resolves to `{ ok, status, data }`;
 * - no answer at all (offline, DNS, CORS, abort, time-out) throws a `NetworkError`.
 */

export const CSRF_COOKIE = "loja_csrf";
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiOptions {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Abort after this many milliseconds; the failure is a NetworkError with `timedOut`. */
  timeoutMs?: number;
}

export interface ApiResponse<T = unknown> {
  ok: boolean;
  status: number;
  statusText: string;
  /** The parsed JSON body, or null when the body is empty or not JSON. */
  data: T | null;
  /** Whether the body was JSON (some screens report non-JSON answers differently). */
  isJson: boolean;
  /** The response headers (e.g. X-Total-Count of the paged admin lists). */
  headers: Headers;
}

/** Base class, so callers can `instanceof ApiError` for any failure of this module. */
export class ApiError extends Error {
  override name = "ApiError";
}

/** The request got no HTTP answer at all. */
export class NetworkError extends ApiError {
  override name = "NetworkError";
  readonly timedOut: boolean;
  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

/** The value of a cookie readable by script, or null (always null on the server). */
function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** The server's pt-PT text in an error or success body: `message`, else a string `error`. */
export function messageFrom(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const record = data as Record<string, unknown>;
  if (typeof record.message === "string" && record.message.trim()) return record.message;
  if (typeof record.error === "string" && record.error.trim()) return record.error;
  return null;
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? "GET";
  const headers = new Headers({ Accept: "application/json", ...options.headers });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  if (UNSAFE_METHODS.has(method)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set("X-CSRF-Token", csrf);
  }

  const signals: AbortSignal[] = [];
  if (options.signal) signals.push(options.signal);
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : null;
  if (timeout) signals.push(timeout);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: "include",
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    });
  } catch (cause) {
    const timedOut = timeout?.aborted === true;
    throw new NetworkError(
      timedOut ? "O pedido demorou demasiado tempo e foi cancelado." : "Não foi possível conectar ao servidor.",
      { cause, timedOut },
    );
  }

  const contentType = response.headers.get("content-type") ?? "";
  let data: T | null = null;
  let isJson = false;
  if (contentType.includes("json")) {
    try {
      data = (await response.json()) as T;
      isJson = true;
    } catch {
      data = null;
    }
  } else {
    // Drain the body so the connection can be reused.
    await response.text().catch(() => "");
  }
  return {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    data,
    isJson,
    headers: response.headers,
  };
}

export const apiGet = <T = unknown>(path: string, options: Omit<ApiOptions, "method" | "body"> = {}) =>
  api<T>(path, { ...options, method: "GET" });
export const apiPost = <T = unknown>(path: string, body?: unknown, options: Omit<ApiOptions, "method" | "body"> = {}) =>
  api<T>(path, { ...options, method: "POST", body });
