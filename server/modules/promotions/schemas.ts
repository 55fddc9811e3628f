import { z } from "zod";
import { centsToAmount } from "#server/core/money.ts";
import { intValue } from "#server/core/zod.ts";
import { lisbonWallTime, PROMOTION_KINDS, PROMOTION_MESSAGES as M, type PromotionKind } from "./rules.ts";

/*
 * The admin's promotions API (GET/POST /api/promocoes, PUT/DELETE /api/promocoes/{id}): the body's rules are
 * rules.ts (shared with the 'Promoções' form); here the answers. Names of the JSON fields:
 * /work/notes/promotions-contract.md.
 */

export {
  lisbonWallTime,
  parseInstant,
  PROMOTION_KIND_LABELS,
  PROMOTION_KINDS,
  PROMOTION_MESSAGES,
  promotionBody,
  type PromotionBodyInput,
  type PromotionInput,
  type PromotionKind,
} from "./rules.ts";

/** `{id}` of the URL: decimal digits only ("0x1", "1e3", " 1" are not an id), as every other route's. */
export const promotionIdParams = z.object({ id: intValue({ invalid: M.invalidId }) });

/** One promotion as the API answers it (money in euros, dates as Lisbon wall time). */
export const promotionSchema = z.object({
  id: z.number(),
  nome: z.string(),
  codigo: z.string().nullable(),
  tipo: z.enum(PROMOTION_KINDS),
  /** The percentage, the euros, or null (portes_gratis). */
  valor: z.number().nullable(),
  minimo: z.number().nullable(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  usos_max: z.number().nullable(),
  usos_por_cliente: z.number().nullable(),
  categorias: z.array(z.number()),
  produtos: z.array(z.number()),
  acumulavel: z.boolean(),
  usos: z.number(),
  ativa: z.boolean(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionListSchema = z.array(promotionSchema);

/** DELETE's answer: removed, or deactivated because orders name it (it has uses). */
export const promotionDeletedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  desativada: z.boolean(),
});

/** The row (camelCase) → the API's answer. */
export function toPromotion(row: {
  id: number;
  name: string;
  code: string | null;
  kind: string;
  percent: number | null;
  amountCents: number | null;
  minimumCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  categoryIds: number[];
  productIds: number[];
  combinesWithAutomatic: boolean;
  uses: number;
  active: boolean;
}): Promotion {
  const toEuros = (cents: number | null) => (cents === null ? null : Number(centsToAmount(cents)));
  return {
    id: row.id,
    nome: row.name,
    codigo: row.code,
    tipo: row.kind as PromotionKind,
    valor: row.kind === "percentagem" ? row.percent : row.kind === "valor" ? toEuros(row.amountCents) : null,
    minimo: toEuros(row.minimumCents),
    inicio: row.startsAt ? lisbonWallTime(row.startsAt) : null,
    fim: row.endsAt ? lisbonWallTime(row.endsAt) : null,
    usos_max: row.maxUses,
    usos_por_cliente: row.maxUsesPerCustomer,
    categorias: row.categoryIds,
    produtos: row.productIds,
    acumulavel: row.combinesWithAutomatic,
    usos: row.uses,
    ativa: row.active,
  };
}
