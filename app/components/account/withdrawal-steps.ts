import type { WithdrawalResponse, WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import type { FormFailure, FormSuccess } from "#app/lib/forms/form-result.ts";

/** /livre-resolucao's steps (decision 0015): which order, then the choice, then the request as stored. */

export type Found = { orderId: number; email: string; view: WithdrawalView };

export type LookupField = "encomenda" | "email";

/** The first step's answer: the order found, or why not. */
export type LookupResult = FormSuccess<{ step: "choice"; found: Found }> | FormFailure<LookupField>;

/** The second step's answer (the form posted without script): the request stored, or the choice again with why not. */
export type ChoiceResult =
  FormSuccess<{ step: "done"; answer: WithdrawalResponse }> | (FormFailure<"iban"> & { found: Found });

/** The hidden field that says which step a post is. */
export const STEP_FIELD = "passo";
