import "#app/lib/zod-csp.ts";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { Promotion } from "#server/modules/promotions/schemas.ts";
import { promotionBody, type PromotionKind } from "#server/modules/promotions/rules.ts";

/**
 * The 'Promoções' form: its fields as typed, the API body they become (POST/PUT /api/promocoes), and the resolver
 * that checks that body with the API's own zod schema (rules.ts), so the form shows the server's pt-PT messages
 * before sending.
 */
export interface PromotionFormValues {
  nome: string;
  /** true: an automatic promotion (no code). */
  automatica: boolean;
  codigo: string;
  tipo: PromotionKind;
  valor: string;
  minimo: string;
  inicio: string;
  fim: string;
  usos_max: string;
  usos_por_cliente: string;
  categorias: string[];
  /** Product numbers separated by commas or spaces. */
  produtos: string;
  acumulavel: boolean;
  ativa: boolean;
}

export const EMPTY_PROMOTION: PromotionFormValues = {
  nome: "",
  automatica: false,
  codigo: "",
  tipo: "percentagem",
  valor: "",
  minimo: "",
  inicio: "",
  fim: "",
  usos_max: "",
  usos_por_cliente: "",
  categorias: [],
  produtos: "",
  acumulavel: false,
  ativa: true,
};

const text = (value: number | string | null) => (value === null ? "" : String(value).replace(".", ","));

/** A promotion as the API answered it → the form's fields (to edit it). */
export function formValuesOf(p: Promotion): PromotionFormValues {
  return {
    nome: p.nome,
    automatica: p.codigo === null,
    codigo: p.codigo ?? "",
    tipo: p.tipo,
    valor: p.tipo === "valor" && p.valor !== null ? p.valor.toFixed(2).replace(".", ",") : text(p.valor),
    minimo: p.minimo === null ? "" : p.minimo.toFixed(2).replace(".", ","),
    inicio: p.inicio ?? "",
    fim: p.fim ?? "",
    usos_max: text(p.usos_max),
    usos_por_cliente: text(p.usos_por_cliente),
    categorias: p.categorias.map(String),
    produtos: p.produtos.join(", "),
    acumulavel: p.acumulavel,
    ativa: p.ativa,
  };
}

/** The form's fields → the API's JSON body. */
export function bodyOf(v: PromotionFormValues) {
  // An automatic promotion has no minimum, no limit of uses and nothing to combine with (its fields are hidden).
  const code = !v.automatica;
  return {
    nome: v.nome,
    codigo: v.automatica ? null : v.codigo,
    tipo: v.tipo,
    valor: v.tipo === "portes_gratis" ? null : v.valor,
    minimo: code ? v.minimo : null,
    inicio: v.inicio,
    fim: v.fim,
    usos_max: code ? v.usos_max : null,
    usos_por_cliente: code ? v.usos_por_cliente : null,
    categorias: v.categorias,
    produtos: v.produtos.split(/[\s,;]+/).filter(Boolean),
    acumulavel: code && v.acumulavel,
    ativa: v.ativa,
  };
}

/** A promotion as the API answered it → the body that saves it unchanged but for `changes` (e.g. deactivate). */
export function bodyFrom(p: Promotion & { resultados?: unknown }, changes: Partial<Promotion> = {}) {
  const { id: _id, usos: _usos, resultados: _figures, ...body } = { ...p, ...changes };
  return body;
}

/** Validates the body the form would send with the API's schema; errors go to the fields they name. */
export const promotionResolver: Resolver<PromotionFormValues> = async (values) => {
  const parsed = promotionBody.safeParse(bodyOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<PromotionFormValues> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "nome") as keyof PromotionFormValues;
    errors[key] ??= { type: "validate", message: issue.message };
  }
  return { values: {}, errors };
};
