import { z } from "zod";

/**
 * The catalogue's limits and messages for the admin (products, variants, colours, sizes, banners): the API's
 * request schemas (catalog/schemas.ts) and the admin's product and stock screens use the same words. Apart from
 * catalog/rules.ts, which the storefront's first pages load, so these stay with the admin's chunks.
 */

/** The most units a variant's stock may hold. */
export const MAX_STOCK = 1_000_000;

export const CATALOG_MESSAGES = {
  required: "Por favor, preencha todos os campos obrigatórios.",
  imageRequired: "Você precisa adicionar ao menos uma imagem!",
  bannerImageRequired: "Você precisa adicionar uma imagem!",
  invalidProductId: "ID do produto inválido",
  invalidBannerId: "ID do banner inválido",
  invalidVariantId: "ID da variante inválido",
  productNotFound: "Produto não encontrado",
  productGone: "Produto não encontrado ou já foi eliminado",
  bannerNotFound: "Banner não encontrado.",
  variantNotFound: "Variante não encontrada.",
  colorNotFound: "Cor não encontrada.",
  sizeNotFound: "Tamanho não encontrado.",
  categoryNotFound: "Categoria não encontrada.",
  variantRequired: "Por favor, preencha cor e stock.",
  productRequired: "Por favor, selecione um produto.",
  invalidColorId: "Cor inválida.",
  invalidSizeId: "Tamanho inválido.",
  invalidStock: "Stock deve ser um número positivo",
  stockTooHigh: `O stock não pode ser superior a ${MAX_STOCK.toLocaleString("pt-PT")}.`,
  duplicateVariant: "Já existe uma variante com esta cor e este tamanho para este produto.",
  variantReserved: "Esta variante tem unidades reservadas por encomendas pendentes e não pode ser eliminada.",
  colorRequired: "O nome da cor é obrigatório.",
  colorTooLong: "O nome da cor não pode ter mais de 50 caracteres.",
  colorHexInvalid: "Código de cor inválido: use o formato #RRGGBB.",
  duplicateColor: "Esta cor já existe.",
  sizeRequired: "O nome do tamanho é obrigatório.",
  sizeTooLong: "O nome do tamanho não pode ter mais de 30 caracteres.",
  duplicateSize: "Este tamanho já existe.",
  entryRequired: "Por favor, preencha o tamanho e a cor.",
  priceInvalid: "Preço inválido: indique um valor como 12,50.",
  priceNegative: "O preço não pode ser negativo.",
  priceZero: "O preço tem de ser superior a zero.",
  priceDecimals: "O preço só pode ter até 2 casas decimais.",
  priceAmbiguous:
    "Preço ambíguo: use a vírgula (ou o ponto) só para os cêntimos, sem separador de milhares; por exemplo 1234,50 ou 1 234,50.",
  priceTooHigh: "O preço não pode ser superior a 1 000 000,00 €.",
  nameTooLong: "O nome não pode ter mais de 200 caracteres.",
  descriptionTooLong: "A descrição não pode ter mais de 5000 caracteres.",
  categoryTooLong: "A categoria não pode ter mais de 100 caracteres.",
  sizesInvalid: "Tamanhos inválidos: separe-os por vírgulas (máximo 30, cada um com até 30 caracteres).",
  modeloInvalid: "Modelo inválido.",
  statusInvalid: "Estado do produto inválido (use 0 ou 1).",
  tituloTooLong: "O título não pode ter mais de 200 caracteres.",
  slogamTooLong: "O slogan não pode ter mais de 300 caracteres.",
  invalidBody: "Dados inválidos.",
  concurrentChange: "Os dados foram alterados entretanto. Recarregue a página e tente novamente.",
} as const;

const M = CATALOG_MESSAGES;

/** 1 000 000,00 € */
export const MAX_PRICE_CENTS = 100_000_000;

type PriceResult = { ok: true; cents: number } | { ok: false; message: string };

/**
 * "12,50", "12.50", "12.5", 12.5, "12 €", "1 234,50" -> cents. Parsed from the decimal text, never by
 * float arithmetic. A comma or a point separates 1 or 2 decimals (pt-PT writes a comma, a phone's
 * keyboard may offer a point); thousands may be grouped with spaces only. A mark followed by exactly
 * three digits ("1.234", "12,345") or both marks ("1.234,5") could be a thousands separator: refused
 * as ambiguous instead of guessed. Refuses empty, negative, zero, more than 2 decimals and above
 * 1 000 000 €. The admin forms and the API use this same function.
 */
export function parsePriceCents(value: unknown): PriceResult {
  let text: string;
  const isNumber = typeof value === "number";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, message: M.priceInvalid };
    if (value < 0) return { ok: false, message: M.priceNegative };
    if (value > MAX_PRICE_CENTS / 100) return { ok: false, message: M.priceTooHigh };
    // The shortest decimal text of a JSON number is what the sender wrote (12.5 -> "12.5");
    // only tiny fractions print with an exponent (1e-7), which have too many decimals anyway.
    text = String(value);
    if (text.includes("e")) return { ok: false, message: M.priceDecimals };
  } else if (typeof value === "string") {
    // Spaces of any width (the pt-PT grouping of 1 234,50 is often a no-break space) become one space.
    text = value
      .replace(/[\s\u00a0\u202f]+/g, " ")
      .trim()
      .replace(/\s*€$/, "")
      .trim();
  } else if (value === undefined || value === null) {
    return { ok: false, message: M.required };
  } else {
    return { ok: false, message: M.priceInvalid };
  }
  if (text === "") return { ok: false, message: M.required };
  if (text.startsWith("-")) return { ok: false, message: M.priceNegative };
  const marks = text.match(/[.,]/g) ?? [];
  if (!isNumber && (marks.length > 1 || /[.,]\d{3}$/.test(text))) {
    return /^[\d .,]+$/.test(text) ? { ok: false, message: M.priceAmbiguous } : { ok: false, message: M.priceInvalid };
  }
  const match = /^(\d{1,3}(?: \d{3})+|\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return { ok: false, message: M.priceInvalid };
  const whole = match[1]!.replaceAll(" ", "").replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, message: M.priceDecimals };
  if (whole.length > 7) return { ok: false, message: M.priceTooHigh };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_PRICE_CENTS) return { ok: false, message: M.priceTooHigh };
  if (cents === 0) return { ok: false, message: M.priceZero };
  return { ok: true, cents };
}

/** 1550 -> "15,50": a price as the admin's forms show it (parsePriceCents reads it back). */
export function formatPriceInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole},${String(Math.abs(cents % 100)).padStart(2, "0")}`;
}

/** "S, M ,,L,M" -> "S,M,L": trimmed, empty entries dropped, duplicates removed. */
export function normalizeSizes(value: string): string[] | null {
  const list = [
    ...new Set(
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length > 30 || list.some((s) => s.length > 30)) return null;
  return list;
}

/** A required text field of the admin's forms: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number, tooLong: string, required: string = M.required) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Text fields of POST /api/product/create_banner (multipart), also the /produtos/criar_banner form's. */
export const createBannerFields = z.object({
  titulo: requiredText(200, M.tituloTooLong),
  slogam: requiredText(300, M.slogamTooLong),
});

/** The product forms' IVA fields' messages (vat-fields.ts builds the API's fields from them). */
export const VAT_FIELD_MESSAGES = {
  category: "Taxa de IVA inválida: escolha Normal, Intermédia, Reduzida ou Isento.",
  exemptionCode: "Código de isenção inválido: indique um código de M01 a M99 (por exemplo M10).",
} as const;

/** M01–M99: the reason codes of exemption the tax authority defines for invoices. */
export const EXEMPTION_CODE = /^M(0[1-9]|[1-9]\d)$/;
