/**
 * Admin loaders read their filters and page from the URL's search params with the API route's own
 * query schema (server/*\/schemas.ts), so a screen accepts exactly what the API accepts; a value
 * the schema refuses becomes a 400 route error with the schema's pt-PT message (the screen's
 * ErrorBoundary shows it).
 */
import { data } from "react-router";
import type { z } from "zod";

export function searchQuery<S extends z.ZodType>(
  request: Request,
  schema: S,
  /** The schema's fields read from URL params of other names (e.g. { search: "pesquisa" }). */
  renamed: Record<string, string> = {},
): z.output<S> {
  const params: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
  for (const [field, param] of Object.entries(renamed)) {
    delete params[field];
    const value = new URL(request.url).searchParams.get(param);
    if (value !== null) params[field] = value;
  }
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw data({ message: parsed.error.issues[0]?.message ?? "Pedido inválido." }, { status: 400 });
  }
  return parsed.data;
}
