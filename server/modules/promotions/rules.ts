import { z } from "zod";
import { amountToCents } from "#server/core/money.ts";
import { lisbonParts, parseGatewayDateTime } from "#server/core/time.ts";

/*
 * The rules of a promotion as the admin enters it: one zod schema for the API (POST/PUT /api/promocoes) and the
 * 'Promoções' form, so both refuse the same input with the same pt-PT messages. Browser-safe (a rules.ts file:
 * zod and core's pure money/time only). Field names: /work/notes/promotions-contract.md.
 */

/** The largest value of a PostgreSQL integer column (core/zod.ts's INT32_MAX; rules files import no server code). */
const INT32_MAX = 2_147_483_647;

export const PROMOTION_KINDS = ["percentagem", "valor", "portes_gratis"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  percentagem: "Percentagem",
  valor: "Valor fixo",
  portes_gratis: "Entrega gratuita",
};

export const PROMOTION_MESSAGES = {
  nameRequired: "Indique o nome da promoção.",
  nameTooLong: "O nome tem no máximo 100 caracteres.",
  codeInvalid: "O código tem de ter entre 3 e 40 caracteres: letras, algarismos, - ou _.",
  kindInvalid: "Escolha o tipo de promoção: percentagem, valor ou portes_gratis.",
  percentInvalid: "A percentagem tem de ser um número inteiro entre 1 e 100.",
  amountInvalid: "Indique um valor em euros maior que zero (ex.: 5,00).",
  minimumInvalid: "Indique o mínimo de compras em euros (ex.: 25,00).",
  startInvalid: "Data de início inválida: use AAAA-MM-DDTHH:mm (hora de Lisboa).",
  endInvalid: "Data de fim inválida: use AAAA-MM-DDTHH:mm (hora de Lisboa).",
  endBeforeStart: "A data de fim tem de ser posterior à data de início.",
  maxUsesInvalid: "O número máximo de usos tem de ser um número inteiro maior que zero.",
  perCustomerInvalid: "O número de usos por cliente tem de ser um número inteiro maior que zero.",
  perCustomerAboveMax: "Os usos por cliente não podem exceder o número máximo de usos.",
  categoriesInvalid: "Categorias inválidas: indique uma lista de identificadores de categorias.",
  productsInvalid: "Produtos inválidos: indique uma lista de identificadores de produtos.",
  combinesInvalid: "Indique se o código acumula com promoções automáticas (verdadeiro ou falso).",
  activeInvalid: "Indique se a promoção está ativa (verdadeiro ou falso).",
  automaticFreeDelivery: "A entrega gratuita só pode ser dada por código.",
  automaticLimits: "Uma promoção automática (sem código) não tem mínimo de compras nem limite de usos.",
  duplicateCode: "Já existe uma promoção com este código.",
  notFound: "Promoção não encontrada.",
  unknownCategory: (ids: number[]) =>
    ids.length === 1 ? `A categoria ${ids[0]} não existe.` : `As categorias ${ids.join(", ")} não existem.`,
  unknownProduct: (ids: number[]) =>
    ids.length === 1 ? `O produto ${ids[0]} não existe.` : `Os produtos ${ids.join(", ")} não existem.`,
  invalidId: "Identificador de promoção inválido.",
} as const;
const M = PROMOTION_MESSAGES;

const CODE = /^[A-Za-z0-9_-]{3,40}$/;
/** Lisbon wall time ("2026-12-01T00:00", seconds optional) or an ISO instant with Z or an offset. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const empty = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());

/** undefined / null / "" → null; else the parsed value, or the message. */
function optional<T>(parse: (value: unknown) => T | undefined, message: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T | null => {
      if (empty(value)) return null;
      const parsed = parse(value);
      if (parsed !== undefined) return parsed;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}

/** A whole number in [min, max], from a number or its text. */
function wholeNumber(min: number, max = INT32_MAX) {
  return (value: unknown): number | undefined => {
    const n = typeof value === "string" && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
    return typeof n === "number" && Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  };
}

/** Euros (point or comma, at most 2 decimals) → cents. */
const euros = (value: unknown) => {
  const cents = amountToCents(value);
  return cents === null || cents > 100_000_00 ? undefined : cents;
};

/** An instant from Lisbon wall time or from ISO with an offset; a date alone is its Lisbon midnight. */
export function parseInstant(value: unknown): Date | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const at = new Date(text);
    // Date would roll 2026-02-30 over to March: the calendar day must exist as written.
    const day = new Date(`${text.slice(0, 10)}T00:00:00Z`);
    if (Number.isNaN(at.getTime()) || Number.isNaN(day.getTime())) return undefined;
    return day.toISOString().slice(0, 10) === text.slice(0, 10) ? at : undefined;
  }
  return parseGatewayDateTime(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00` : text);
}

/** "2026-12-01T00:00" (seconds only when not 0): the instant as Lisbon wall time, what a datetime-local input shows. */
export function lisbonWallTime(at: Date): string {
  const p = lisbonParts(at);
  const two = (n: number) => String(n).padStart(2, "0");
  const base = `${String(p.year).padStart(4, "0")}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
  return p.second ? `${base}:${two(p.second)}` : base;
}

function idList(message: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): number[] => {
      if (empty(value)) return [];
      const list = Array.isArray(value) ? value : undefined;
      const ids = list?.map(wholeNumber(1));
      if (!ids || ids.some((id) => id === undefined) || ids.length > 1000) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return [...new Set(ids as number[])].sort((a, b) => a - b);
    });
}

function flag(message: string, fallback: boolean) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): boolean => {
      if (value === undefined || value === null) return fallback;
      if (typeof value === "boolean") return value;
      if (value === "true" || value === "false") return value === "true";
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}

/**
 * The body of POST /api/promocoes and PUT /api/promocoes/{id} (the whole promotion each time), parsed to the
 * stored values. `valor` is the percentage for 'percentagem', euros for 'valor', and ignored for 'portes_gratis'.
 */
export const promotionBody = z
  .object({
    nome: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameTooLong),
    codigo: z
      .unknown()
      .optional()
      .transform((value, ctx): string | null => {
        if (empty(value)) return null;
        const code = typeof value === "string" ? value.trim() : undefined;
        if (code !== undefined && CODE.test(code)) return code;
        ctx.addIssue({ code: "custom", message: M.codeInvalid });
        return z.NEVER;
      }),
    tipo: z.enum(PROMOTION_KINDS, { error: M.kindInvalid }),
    valor: z.unknown().optional(),
    minimo: optional(euros, M.minimumInvalid),
    inicio: optional(parseInstant, M.startInvalid),
    fim: optional(parseInstant, M.endInvalid),
    usos_max: optional(wholeNumber(1), M.maxUsesInvalid),
    usos_por_cliente: optional(wholeNumber(1), M.perCustomerInvalid),
    categorias: idList(M.categoriesInvalid),
    produtos: idList(M.productsInvalid),
    acumulavel: flag(M.combinesInvalid, false),
    ativa: flag(M.activeInvalid, true),
  })
  .transform((b, ctx) => {
    const issue = (path: string, message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    let percent: number | null = null;
    let amountCents: number | null = null;
    if (b.tipo === "percentagem") {
      const p = empty(b.valor) ? undefined : wholeNumber(1, 100)(b.valor);
      if (p === undefined) return issue("valor", M.percentInvalid);
      percent = p;
    } else if (b.tipo === "valor") {
      const cents = empty(b.valor) ? undefined : euros(b.valor);
      if (!cents) return issue("valor", M.amountInvalid);
      amountCents = cents;
    }
    if (b.inicio && b.fim && b.fim.getTime() <= b.inicio.getTime()) return issue("fim", M.endBeforeStart);
    if (b.usos_max !== null && b.usos_por_cliente !== null && b.usos_por_cliente > b.usos_max)
      return issue("usos_por_cliente", M.perCustomerAboveMax);
    if (b.codigo === null) {
      if (b.tipo === "portes_gratis") return issue("tipo", M.automaticFreeDelivery);
      // A minimum of 0 is no minimum.
      if (b.minimo || b.usos_max !== null || b.usos_por_cliente !== null) return issue("codigo", M.automaticLimits);
    }
    return {
      name: b.nome,
      code: b.codigo,
      kind: b.tipo,
      percent,
      amountCents,
      minimumCents: b.codigo === null ? null : b.minimo,
      startsAt: b.inicio,
      endsAt: b.fim,
      maxUses: b.usos_max,
      maxUsesPerCustomer: b.usos_por_cliente,
      categoryIds: b.categorias,
      productIds: b.produtos,
      // Only a code is combined with the automatic reductions.
      combinesWithAutomatic: b.codigo === null ? false : b.acumulavel,
      active: b.ativa,
    };
  });
/** What the admin form holds and posts (every field as the API takes it). */
export type PromotionBodyInput = z.input<typeof promotionBody>;
/** A valid promotion, in the table's terms (cents, instants). */
export type PromotionInput = z.output<typeof promotionBody>;
