import type { WithdrawalResponse } from "#server/modules/aftersale/returns/schemas.ts";
import type { FormFailure, FormResult, FormSuccess } from "#app/lib/forms/form-result.ts";

/*
 * The withdrawal's public forms (decision 0015, decision 0023): the declaration on /livre-resolucao (one answer,
 * whatever was typed), and the one-time link's page /livre-resolucao/confirmar (the owner's choice, or a cancel).
 */

export type DeclarationField = "encomenda" | "email" | "reason";

/** The declaration's answer: the one neutral message, or why the form itself was refused (empty, malformed, 429). */
export type DeclarationResult = FormResult<DeclarationField>;

/** The link page's answer: the request as stored, cancelled, or the refusal (its IBAN error under the field). */
export type LinkResult =
  FormSuccess<{ step: "done"; answer: WithdrawalResponse }> | FormSuccess<{ step: "cancelled" }> | FormFailure<"iban">;

/** The hidden field that says what a post of the link page does: 'confirmar' or 'cancelar'. */
export const STEP_FIELD = "passo";
/** The hidden field with the link's token. */
export const TOKEN_FIELD = "ligacao";
