import { z } from "zod";

import { paymentData } from "#server/modules/orders/schemas.ts";
import { orderStatus } from "#server/modules/orders/timeline.ts";
import { intValue } from "#server/core/zod.ts";

/** Shapes of the payment page's calls (GET …/status, POST …/pay-multibanco under /api/users/me/orders/:id). */

/** The order number in the path: digits only ("0x1", "1e3" or "+1" are not an order number). */
export const shopperOrderParams = z.object({ id: intValue({ invalid: "Número de encomenda inválido." }) });

export const paymentStatus = z.enum(["pending", "paid", "failed", "expired"]);

/**
 * Where the order's payment stands, as the payment page follows it. `pagamento` is the current payment (the
 * newest; after the switch, the Multibanco reference), `pago` is true once the money arrived (paid or any
 * later fulfilment status), `pode_pagar_multibanco` says whether 'Pagar por Multibanco' is offered (the MB WAY
 * request failed or expired and the order still waits). `agora` is the server's clock, so the MB WAY countdown
 * does not depend on the device's.
 */
export const shopperOrderStatus = z.object({
  order_id: z.number(),
  estado: orderStatus,
  estado_texto: z.string(),
  pago: z.boolean(),
  pagamento: paymentData.nullable(),
  pagamento_estado: paymentStatus.nullable(),
  pode_pagar_multibanco: z.boolean(),
  agora: z.string(),
});
export type ShopperOrderStatus = z.infer<typeof shopperOrderStatus>;
