import { z } from "zod";
import { isValidNif } from "#server/modules/tax/nif.ts";
import { InvoiceProviderError, type InvoiceItem, type InvoiceRequest } from "./provider.ts";

/*
 * What the InvoiceXpress and Vendus adapters share: one HTTP exchange with a time-out whose failures become
 * InvoiceProviderError (retryable or not, as provider.ts's contract says), with pt-PT messages that never hold the
 * API key, the URL or a raw response body — only the service's own validation message, trimmed and scrubbed.
 */

export interface HttpCallOptions {
  /** "InvoiceXpress" / "Vendus": named in every message. */
  service: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  /** Secrets to scrub from any text that reaches a message. */
  secrets: string[];
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON, or undefined for an empty body (202, 204). */
  body: unknown;
}

const MAX_SERVICE_MESSAGE = 300;

/** Removes secrets and control characters from a service's text and keeps it short. */
export function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join("***");
  out = [...out]
    .map((c) => (c < " " || c === "\u007f" ? " " : c))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
  return out.length > MAX_SERVICE_MESSAGE ? `${out.slice(0, MAX_SERVICE_MESSAGE - 1)}…` : out;
}

/** The service's own words from a 4xx body: {errors: [{error}|{message}]}, {errors: {error}}, {error}, {message}. */
export function serviceMessage(body: unknown): string {
  const texts: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 3 || texts.length >= 5) return;
    if (typeof value === "string") {
      if (value.trim()) texts.push(value.trim());
    } else if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
    } else if (value && typeof value === "object") {
      const o = value as Record<string, unknown>;
      for (const key of ["errors", "error", "message", "messages"]) if (key in o) visit(o[key], depth + 1);
    }
  };
  visit(body, 0);
  return [...new Set(texts)].join("; ");
}

/**
 * One request; answers 2xx bodies (JSON or empty), throws InvoiceProviderError otherwise:
 * network error / time-out / 5xx / 429 / not JSON → retryable; 401/403 (wrong key), 404, 422 and other 4xx → not.
 */
export async function callJson(
  opts: HttpCallOptions,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown },
): Promise<HttpAnswer> {
  const { service } = opts;
  let response: Response;
  let raw: string;
  try {
    response = await opts.fetch(url, {
      method: init.method,
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    raw = await response.text();
  } catch (err) {
    // No `cause`: undici's errors can carry the request (and so the key in the query string).
    const name = (err as { name?: unknown } | null)?.name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new InvoiceProviderError(
        `O ${service} não respondeu dentro de ${Math.round(opts.timeoutMs / 100) / 10} s; nova tentativa mais tarde.`,
        true,
      );
    throw new InvoiceProviderError(
      `Não foi possível ligar ao ${service} (serviço indisponível); nova tentativa mais tarde.`,
      true,
    );
  }
  const status = response.status;
  let body: unknown;
  let jsonOk = true;
  if (raw.trim() === "") body = undefined;
  else {
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      jsonOk = false;
    }
  }
  if (status >= 500 || status === 429)
    throw new InvoiceProviderError(
      `O ${service} respondeu com um erro temporário (HTTP ${status}); nova tentativa mais tarde.`,
      true,
      status,
    );
  if (status === 401 || status === 403)
    throw new InvoiceProviderError(
      `O ${service} recusou a chave de API (HTTP ${status}): verifique a configuração e use 'Tentar novamente'.`,
      false,
      status,
    );
  if (status >= 400) {
    const said = jsonOk ? scrub(serviceMessage(body), opts.secrets) : "";
    throw new InvoiceProviderError(
      `O ${service} recusou o pedido (HTTP ${status})${said ? `: ${said}` : "."}`,
      false,
      status,
    );
  }
  if (!jsonOk)
    throw new InvoiceProviderError(
      `O ${service} deu uma resposta inválida (não é JSON); nova tentativa mais tarde.`,
      true,
      status,
    );
  return { status, body };
}

/** An answer that is JSON but not the expected shape: the service changed or misbehaved; retrying may help. */
export function unexpected(service: string, what: string): InvoiceProviderError {
  return new InvoiceProviderError(
    `O ${service} deu uma resposta inesperada (${what}); nova tentativa mais tarde.`,
    true,
  );
}

/** A request the shop built wrongly (never fixed by retrying): the service is not even called. */
export function invalidRequest(service: string, what: string): InvoiceProviderError {
  return new InvoiceProviderError(`Documento não enviado ao ${service}: ${what}.`, false);
}

/**
 * Checks the contract's invariants before anything is sent: a valid NIF (or none), items present, whole positive quantities, prices in
 * whole cents, an exemption code exactly when the rate is 0, and a total equal to the sum of the items.
 */
export function checkRequest(service: string, request: InvoiceRequest): void {
  if (!request.reference.trim()) throw invalidRequest(service, "falta a referência");
  // Services silently swap an unknown NIF for Consumidor final: a bad one must never leave the shop.
  if (request.client.nif !== null && !isValidNif(request.client.nif))
    throw invalidRequest(service, `NIF ${request.client.nif} inválido`);
  if (request.items.length === 0) throw invalidRequest(service, "o documento não tem linhas");
  // A consumer's sale of 1 000 € or more names the buyer and their address (the law, per the team's invoicing notes).
  if (
    request.client.nif === null &&
    request.totalCents >= 100_000 &&
    !(request.client.name.trim() && request.client.address.trim())
  )
    throw invalidRequest(
      service,
      "uma venda de 1000 € ou mais a consumidor final precisa do nome e da morada do comprador",
    );
  let sum = 0;
  for (const item of request.items) {
    if (!item.name.trim()) throw invalidRequest(service, "há uma linha sem nome");
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0)
      throw invalidRequest(service, `quantidade inválida em '${item.name}'`);
    if (!Number.isSafeInteger(item.unitPriceCents) || item.unitPriceCents < 0)
      throw invalidRequest(service, `preço inválido em '${item.name}'`);
    if (!Number.isSafeInteger(item.vatRateBp) || item.vatRateBp < 0 || item.vatRateBp >= 10_000)
      throw invalidRequest(service, `taxa de IVA inválida em '${item.name}'`);
    if (item.vatRateBp === 0 && !/^M\d{2}$/.test(item.exemptionCode ?? ""))
      throw invalidRequest(service, `falta o motivo de isenção (M01–M99) em '${item.name}'`);
    sum += item.quantity * item.unitPriceCents;
  }
  if (sum !== request.totalCents)
    throw invalidRequest(service, `o total (${request.totalCents} cêntimos) não é a soma das linhas (${sum})`);
}

/** Whole percent of a rate in basis points, or null for 9.5 % and the like (no service names such a tax). */
export function wholePercent(item: InvoiceItem): number | null {
  return item.vatRateBp % 100 === 0 ? item.vatRateBp / 100 : null;
}

/** "dd/mm/yyyy" and "yyyy-mm-dd" of the Lisbon calendar day. */
export { formatDate as lisbonDmy, formatIsoDay as lisbonYmd } from "#server/core/time.ts";

/** A document id as the services answer it (a number or a string of digits), kept as a string. */
export const documentId = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);

/** A text field of a service's answer (string, number, null or absent), as a trimmed string ("" when absent). */
export const documentText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()));

/**
 * The total the adapter expects the document to have (euros, "12.34"), sent with every document it creates: a
 * service ignores the unknown header; the stand-ins (tests/standins/invoicing) refuse a document whose own total
 * differs, so a discount lost on the way fails the tests instead of issuing a wrong certified document (issue 20).
 */
export const EXPECTED_TOTAL_HEADER = "x-loja-total-esperado";

export const expectedTotal = (totalCents: number): Record<string, string> => ({
  [EXPECTED_TOTAL_HEADER]: `${Math.trunc(totalCents / 100)}.${String(totalCents % 100).padStart(2, "0")}`,
});
