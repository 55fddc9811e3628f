/**
 * The change of /mensagens: 'Marcar como tratada' (POST /api/contact/messages/:id/handled), sent by the route's
 * clientAction; the list revalidates after it.
 */
import { type ActionResult, submitToApi } from "#app/components/admin/route-data.tsx";

export type MessageIntent = { intent: "handled"; id: number };

export const MESSAGE_TEXT = {
  handled: "Mensagem marcada como tratada.",
  handledFailed: "Não foi possível marcar a mensagem como tratada.",
} as const;

export function messageAction(intent: MessageIntent): Promise<ActionResult> {
  return submitToApi(`/api/contact/messages/${intent.id}/handled`, { method: "POST" });
}
