/**
 * The resolutions of 'Exceções de pagamento' on /payment-status, sent by the route's clientAction to
 * the API: 'Repor encomenda' (POST …/reinstate) and 'Marcar para reembolso', 'Reembolso feito',
 * 'Ignorar' (POST …/resolution with an optional note; required to ignore).
 */
import type { ResolutionBody } from "#server/modules/payments/exceptions/schemas.ts";
import { type ActionResult, submitToApi } from "#app/components/admin/route-data.tsx";
import { failed, offline } from "./results.ts";

export type ExceptionIntent =
  | { intent: "exception-reinstate"; id: number }
  | { intent: "exception-resolve"; id: number; resolution: ResolutionBody["resolution"]; note: string };

export const EXCEPTION_TEXT = {
  reinstateFailed: "Não foi possível repor a encomenda",
  resolveFailed: "Não foi possível registar a resolução",
} as const;

export async function exceptionAction(intent: ExceptionIntent): Promise<ActionResult> {
  const result =
    intent.intent === "exception-reinstate"
      ? await submitToApi(`/api/payments/exceptions/${intent.id}/reinstate`, { method: "POST" })
      : await submitToApi(`/api/payments/exceptions/${intent.id}/resolution`, {
          method: "POST",
          body: { resolution: intent.resolution, note: intent.note },
        });
  if (result.status === 0) return offline(result);
  if (result.ok) return result;
  const title = intent.intent === "exception-reinstate" ? EXCEPTION_TEXT.reinstateFailed : EXCEPTION_TEXT.resolveFailed;
  return failed(result.status, title, result.message);
}
