import { z } from "zod";

/*
 * A product's safety information (GPSR, Regulation (EU) 2023/988, art. 9 and 19): who made it and how to reach them,
 * the EU responsible person when the manufacturer is outside the EU, what identifies the product, and its warnings.
 * Browser-safe (decision 0016): the admin's product forms, the API's multipart fields (safety/fields.ts) and the
 * product page use these same rules and words. Every manufacturer field left empty means "the shop's own identity"
 * (/definicoes): the shop makes what it sells unless the admin names someone else.
 */

export const SAFETY_LIMITS = { name: 200, address: 500, contact: 200, identifier: 100, warnings: 5000 } as const;

export const SAFETY_MESSAGES = {
  manufacturerNameTooLong: `O nome do fabricante não pode ter mais de ${SAFETY_LIMITS.name} caracteres.`,
  manufacturerAddressTooLong: `A morada do fabricante não pode ter mais de ${SAFETY_LIMITS.address} caracteres.`,
  contactTooLong: `O contacto eletrónico não pode ter mais de ${SAFETY_LIMITS.contact} caracteres.`,
  contactInvalid:
    "Contacto eletrónico inválido: indique um e-mail (nome@exemplo.pt) ou um sítio começado por https://.",
  outsideEuInvalid: "Indique se o fabricante está fora da UE (sim ou não).",
  responsibleNameTooLong: `O nome da pessoa responsável na UE não pode ter mais de ${SAFETY_LIMITS.name} caracteres.`,
  responsibleAddressTooLong: `A morada da pessoa responsável na UE não pode ter mais de ${SAFETY_LIMITS.address} caracteres.`,
  typeModelTooLong: `O tipo/modelo não pode ter mais de ${SAFETY_LIMITS.identifier} caracteres.`,
  batchTooLong: `O lote não pode ter mais de ${SAFETY_LIMITS.identifier} caracteres.`,
  eanLength: "O EAN tem 8 ou 13 dígitos (ou 12 e 14, UPC e GTIN-14), sem letras.",
  eanCheckDigit: "EAN inválido: o dígito de controlo (o último) não confere. Verifique o código.",
  warningsTooLong: `Os avisos não podem ter mais de ${SAFETY_LIMITS.warnings} caracteres.`,
  outsideEuManufacturerName: "Fabricante fora da UE: indique o nome do fabricante.",
  outsideEuManufacturerAddress: "Fabricante fora da UE: indique a morada do fabricante.",
  outsideEuResponsibleName:
    "Fabricante fora da UE: indique o nome da pessoa responsável na UE (obrigatória pelo Regulamento (UE) 2023/988).",
  outsideEuResponsibleAddress:
    "Fabricante fora da UE: indique a morada da pessoa responsável na UE (obrigatória pelo Regulamento (UE) 2023/988).",
} as const;
const M = SAFETY_MESSAGES;

/** The safety fields, as the API's multipart fields and `seguranca` object name them. */
export interface ProductSafety {
  /** Empty/null: the shop's legal name. */
  fabricante_nome: string | null;
  /** Empty/null: the shop's address. */
  fabricante_morada: string | null;
  /** An e-mail or https:// address; empty/null: the shop's e-mail. */
  fabricante_contacto: string | null;
  fabricante_fora_ue: boolean;
  responsavel_ue_nome: string | null;
  responsavel_ue_morada: string | null;
  /** Type or model reference. */
  tipo_modelo: string | null;
  lote: string | null;
  /** EAN-8/13 (or UPC-12/GTIN-14) with a valid check digit, digits only. */
  ean: string | null;
  /** Warnings or safety information, free text. */
  avisos: string | null;
}
export type SafetyTextField = Exclude<keyof ProductSafety, "fabricante_fora_ue">;

export const NO_SAFETY: ProductSafety = {
  fabricante_nome: null,
  fabricante_morada: null,
  fabricante_contacto: null,
  fabricante_fora_ue: false,
  responsavel_ue_nome: null,
  responsavel_ue_morada: null,
  tipo_modelo: null,
  lote: null,
  ean: null,
  avisos: null,
};

/** "5601 2345 6789-0" -> "5601234567890": spaces and hyphens people copy from labels. */
export const normalizeEan = (value: string) => value.replace(/[\s-]/g, "");

/** GS1 check digit: weights 3 and 1 alternating from the digit left of the check digit. */
export function isValidEan(value: string): boolean {
  const code = normalizeEan(value);
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEB = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i;
/** An e-mail or a web address: the "electronic address" of art. 9(6). */
export const isElectronicAddress = (value: string) => EMAIL.test(value) || WEB.test(value);

/** Trimmed, with a form's CRLF line breaks (multipart sends them so) stored as LF, then measured. */
const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(z.string().max(max, tooLong));

/** Each text field's rule (trimmed; "" allowed: empty means the default, or nothing). */
export const safetyText = {
  fabricante_nome: text(SAFETY_LIMITS.name, M.manufacturerNameTooLong),
  fabricante_morada: text(SAFETY_LIMITS.address, M.manufacturerAddressTooLong),
  fabricante_contacto: text(SAFETY_LIMITS.contact, M.contactTooLong).refine(
    (v) => v === "" || isElectronicAddress(v),
    M.contactInvalid,
  ),
  responsavel_ue_nome: text(SAFETY_LIMITS.name, M.responsibleNameTooLong),
  responsavel_ue_morada: text(SAFETY_LIMITS.address, M.responsibleAddressTooLong),
  tipo_modelo: text(SAFETY_LIMITS.identifier, M.typeModelTooLong),
  lote: text(SAFETY_LIMITS.identifier, M.batchTooLong),
  ean: z
    .string()
    .trim()
    .transform(normalizeEan)
    .superRefine((v, ctx) => {
      if (v === "") return;
      if (!/^(\d{8}|\d{12,14})$/.test(v)) ctx.addIssue({ code: "custom", message: M.eanLength });
      else if (!isValidEan(v)) ctx.addIssue({ code: "custom", message: M.eanCheckDigit });
    }),
  avisos: text(SAFETY_LIMITS.warnings, M.warningsTooLong),
} satisfies Record<SafetyTextField, z.ZodType<string, string>>;

/**
 * With the manufacturer outside the EU, the product needs its manufacturer named (the shop's identity cannot stand
 * in) and an EU responsible person (art. 4 of Regulation (EU) 2019/1020): each missing field with its message.
 */
export function outsideEuProblems(
  s: Pick<ProductSafety, "fabricante_fora_ue" | "fabricante_nome" | "fabricante_morada"> &
    Pick<ProductSafety, "responsavel_ue_nome" | "responsavel_ue_morada">,
): Array<{ field: SafetyTextField; message: string }> {
  if (!s.fabricante_fora_ue) return [];
  const missing = (v: string | null) => !v?.trim();
  const problems: Array<{ field: SafetyTextField; message: string }> = [];
  if (missing(s.fabricante_nome)) problems.push({ field: "fabricante_nome", message: M.outsideEuManufacturerName });
  if (missing(s.fabricante_morada))
    problems.push({ field: "fabricante_morada", message: M.outsideEuManufacturerAddress });
  if (missing(s.responsavel_ue_nome))
    problems.push({ field: "responsavel_ue_nome", message: M.outsideEuResponsibleName });
  if (missing(s.responsavel_ue_morada))
    problems.push({ field: "responsavel_ue_morada", message: M.outsideEuResponsibleAddress });
  return problems;
}

/** The admin forms' fieldset values: every text as typed, the checkbox as a boolean. */
export type SafetyFormInput = Record<SafetyTextField, string> & { fabricante_fora_ue: boolean };

/** The product forms' 'Informação de segurança' fieldset: the API's rules, field by field, and the EU rule. */
export const safetyFormSchema = z
  .object({ ...safetyText, fabricante_fora_ue: z.boolean() })
  .superRefine((values, ctx) => {
    const nullable = { ...values } as unknown as ProductSafety;
    for (const { field, message } of outsideEuProblems(nullable))
      ctx.addIssue({ code: "custom", message, path: [field] });
  });

/** A product's stored values as the form starts from them ("" for none). */
export function safetyFormValues(s: ProductSafety | undefined): SafetyFormInput {
  const v = s ?? NO_SAFETY;
  return {
    fabricante_nome: v.fabricante_nome ?? "",
    fabricante_morada: v.fabricante_morada ?? "",
    fabricante_contacto: v.fabricante_contacto ?? "",
    fabricante_fora_ue: v.fabricante_fora_ue,
    responsavel_ue_nome: v.responsavel_ue_nome ?? "",
    responsavel_ue_morada: v.responsavel_ue_morada ?? "",
    tipo_modelo: v.tipo_modelo ?? "",
    lote: v.lote ?? "",
    ean: v.ean ?? "",
    avisos: v.avisos ?? "",
  };
}

/**
 * The multipart fields the forms send: every field, "" included (on an update "" puts the shop's default back),
 * and the checkbox as "1"/"0".
 */
export function safetyFormFields(v: SafetyFormInput): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(v))
    fields[name] = typeof value === "boolean" ? (value ? "1" : "0") : value.trim();
  return fields;
}

/** The shop identity the manufacturer fields default to (settings' `identity`). */
export interface SafetyDefaults {
  legalName: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
}
