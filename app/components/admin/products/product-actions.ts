/**
 * The product screens' changes, run by their routes' clientActions (each sends one change to the
 * API through submitToApi; React Router then reloads the screen's loaders), and the hook that
 * reacts once to each finished submission.
 */
import { useEffect, useRef } from "react";
import type { useFetcher } from "react-router";
import type { CreateVariantBody } from "#server/modules/catalog/schemas.ts";
import { type ActionResult, submitToApi } from "#app/components/admin/route-data.tsx";
import { deleteMessage, PRODUCT_TEXT } from "./product-api.ts";

/** What a grid card submits: put in the shop, take out of it, or delete. */
export type CardChange = { intent: "add" | "remove" | "delete"; id: number };

/** A grid card's change (/produtos); `message` is the pt-PT text the card shows. */
export async function changeProduct({ intent, id }: CardChange): Promise<ActionResult> {
  if (intent === "delete") {
    const result = await submitToApi(`/api/product/${id}`, { method: "DELETE" });
    const message = deleteMessage(result);
    return { ...result, ok: result.ok && message === "Produto eliminado com sucesso!", message } as ActionResult;
  }
  const add = intent === "add";
  const result = await submitToApi(add ? `/api/product/status/${id}` : `/api/product/editstatus/${id}`, {
    method: "PUT",
  });
  return result.ok ? result : { ...result, message: add ? PRODUCT_TEXT.addError : PRODUCT_TEXT.removeError };
}

/** What a variant form or delete button submits (/produtos/editar/{id}, /produtos/detalhes). */
export type VariantChange =
  { intent: "create-variant"; variant: CreateVariantBody } | { intent: "delete-variant"; id: number };

/** POST /api/product/createVariants or DELETE /api/product/variant/{id}. */
export function changeVariant(change: VariantChange): Promise<ActionResult> {
  return change.intent === "create-variant"
    ? submitToApi("/api/product/createVariants", { method: "POST", body: change.variant })
    : submitToApi(`/api/product/variant/${change.id}`, { method: "DELETE" });
}

/** Runs `handle` once for each finished submission of `fetcher` (toasts, emptying a form, leaving the page). */
export function useActionResult(
  fetcher: ReturnType<typeof useFetcher<ActionResult>>,
  handle: (result: ActionResult) => void,
) {
  const handled = useRef<ActionResult | undefined>(undefined);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    latest.current(result);
  }, [fetcher.state, fetcher.data]);
}
