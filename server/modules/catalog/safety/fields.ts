import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#server/core/db/client.ts";
import { BadRequestError } from "#server/core/errors.ts";
import { products } from "#server/modules/catalog/schema.ts";
import {
  NO_SAFETY,
  outsideEuProblems,
  SAFETY_MESSAGES,
  safetyText,
  type ProductSafety,
  type SafetyTextField,
} from "./rules.ts";

/*
 * The safety fields on the server: the multipart fields of POST /api/product/create and
 * PUT /api/product/updateproductstock/:id (all optional: the spec's calls keep working without them), the columns
 * they are stored in, and the `seguranca` object of the single-product reads (not the lists: the shop's product list
 * is sent whole to every visitor and has no use for it).
 */

/** Field name -> column. */
const COLUMNS = {
  fabricante_nome: "manufacturerName",
  fabricante_morada: "manufacturerAddress",
  fabricante_contacto: "manufacturerContact",
  responsavel_ue_nome: "euResponsibleName",
  responsavel_ue_morada: "euResponsibleAddress",
  tipo_modelo: "typeModel",
  lote: "batch",
  ean: "ean",
  avisos: "safetyWarnings",
} as const satisfies Record<SafetyTextField, keyof typeof products.$inferSelect>;

const TEXT_FIELDS = Object.keys(COLUMNS) as SafetyTextField[];

/** "1" | "true" | "on" -> true, "0" | "false" | "" -> false, absent -> undefined. */
const outsideEuField = z
  .unknown()
  .transform((value, ctx): boolean | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === "boolean") return value;
    const v = typeof value === "string" ? value.trim().toLowerCase() : null;
    if (v === "1" || v === "true" || v === "on" || v === "sim") return true;
    if (v === "0" || v === "false" || v === "" || v === "nao" || v === "não") return false;
    ctx.addIssue({ code: "custom", message: SAFETY_MESSAGES.outsideEuInvalid });
    return z.NEVER;
  })
  .optional();

/** The multipart fields (spread into the product schemas). Absent: unchanged (update) or none (create). */
export const safetyFields = {
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, safetyText[f].optional()])) as {
    [K in SafetyTextField]: z.ZodOptional<(typeof safetyText)[K]>;
  }),
  fabricante_fora_ue: outsideEuField,
};
export type SafetyInput = { [K in SafetyTextField]?: string } & { fabricante_fora_ue?: boolean };

/** `seguranca` of GET /api/product/:id and /api/product/stockdetalhe/:id (null: the shop's default, or none). */
export const productSafetySchema = z.object({
  fabricante_nome: z.string().nullable(),
  fabricante_morada: z.string().nullable(),
  fabricante_contacto: z.string().nullable(),
  fabricante_fora_ue: z.boolean(),
  responsavel_ue_nome: z.string().nullable(),
  responsavel_ue_morada: z.string().nullable(),
  tipo_modelo: z.string().nullable(),
  lote: z.string().nullable(),
  ean: z.string().nullable(),
  avisos: z.string().nullable(),
}) satisfies z.ZodType<ProductSafety>;

const safetyColumns = {
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, products[COLUMNS[f]]])) as {
    [K in SafetyTextField]: (typeof products)[(typeof COLUMNS)[K]];
  }),
  fabricante_fora_ue: products.manufacturerOutsideEu,
};

/** A product's stored safety information (NO_SAFETY when the row is gone). */
export async function readSafety(executor: Pick<Tx, "select">, productId: number): Promise<ProductSafety> {
  const [row] = await executor.select(safetyColumns).from(products).where(eq(products.id, productId));
  return row ?? NO_SAFETY;
}

/**
 * The columns to write: the given fields over `current` (a new product: NO_SAFETY), "" stored as null. A
 * manufacturer outside the EU without its name, address or EU responsible person answers 400 with the first
 * missing field's message, whichever request left it missing.
 */
export function safetyChanges(input: SafetyInput, current: ProductSafety): Partial<typeof products.$inferInsert> {
  const next: ProductSafety = { ...current };
  for (const f of TEXT_FIELDS) if (input[f] !== undefined) next[f] = input[f] || null;
  if (input.fabricante_fora_ue !== undefined) next.fabricante_fora_ue = input.fabricante_fora_ue;
  const [problem] = outsideEuProblems(next);
  if (problem) throw new BadRequestError(problem.message);
  const changes: Partial<typeof products.$inferInsert> = { manufacturerOutsideEu: next.fabricante_fora_ue };
  for (const f of TEXT_FIELDS) changes[COLUMNS[f]] = next[f];
  return changes;
}

/** True when a request names any safety field (an update without them leaves the columns alone). */
export const hasSafetyInput = (input: SafetyInput) =>
  TEXT_FIELDS.some((f) => input[f] !== undefined) || input.fabricante_fora_ue !== undefined;
