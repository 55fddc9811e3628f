import type { OrderStatus } from "#server/modules/orders/timeline.ts";

/*
 * Which fulfilment step may follow which, and the pt-PT reason when one may not. No zod: the admin
 * order page shows the same names. The server decides with these under the order's row lock
 * (service.ts), so a stale page or two admins at once can only get a 409, never a wrong order.
 *
 * paid → em_preparacao → enviada → entregue; paid → enviada directly (a small shop often packs and
 * ships the same day); paid or em_preparacao → cancelled (stock back, refund due). Nothing after
 * shipping can be cancelled here: that is a return (issue 14).
 */

export const FULFILMENT_TARGETS = ["em_preparacao", "enviada", "entregue", "cancelled"] as const;
export type FulfilmentTarget = (typeof FULFILMENT_TARGETS)[number];

const ALLOWED: Partial<Record<OrderStatus, readonly FulfilmentTarget[]>> = {
  paid: ["em_preparacao", "enviada", "cancelled"],
  em_preparacao: ["enviada", "cancelled"],
  enviada: ["entregue"],
};

/** The steps the order may take now, in the order the page shows their buttons. */
export const allowedTargets = (from: OrderStatus): readonly FulfilmentTarget[] => ALLOWED[from] ?? [];

export const canMove = (from: OrderStatus, to: FulfilmentTarget) => allowedTargets(from).includes(to);

/** What the admin reads when the step is not possible from where the order is (409). */
export function refusal(from: OrderStatus, to: FulfilmentTarget): string {
  if (from === "pending_payment") return "Não é possível alterar uma encomenda que ainda não foi paga.";
  if (from === "expired") return "Não é possível alterar uma encomenda expirada.";
  if (from === "cancelled") return "A encomenda está cancelada: não pode ser alterada.";
  switch (to) {
    case "em_preparacao":
      return from === "em_preparacao"
        ? "A encomenda já está em preparação."
        : "Não é possível voltar a preparar uma encomenda que já foi enviada.";
    case "enviada":
      return from === "entregue" ? "A encomenda já foi entregue." : "A encomenda já foi enviada.";
    case "entregue":
      return from === "entregue"
        ? "A encomenda já foi entregue."
        : "Não é possível marcar como entregue uma encomenda que ainda não foi enviada.";
    case "cancelled":
      return "Não é possível cancelar uma encomenda que já foi enviada.";
  }
}
