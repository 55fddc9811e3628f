/**
 * The withdrawal's public forms posted without script (decision 0015): the declaration on /livre-resolucao and the
 * one-time link's page /livre-resolucao/confirmar, with the same schemas, rate-limit counters and service calls as
 * POST /api/withdrawal and POST /api/withdrawal/link/confirm|cancel (server/modules/aftersale/returns/public-routes.ts).
 */
import { limitDeclaration, limitLink } from "#server/modules/aftersale/returns/limits.ts";
import { IBAN_MESSAGE, LOOKUP_INCOMPLETE, orderNumberOf } from "#server/modules/aftersale/returns/rules.ts";
import {
  publicWithdrawalBody,
  WITHDRAWAL_MESSAGES,
  withdrawalLinkChoiceBody,
} from "#server/modules/aftersale/returns/schemas.ts";
import { attempt, formContextOf, refuse, type ContextReader } from "#app/lib/forms/form-action.server.ts";
import { failure, firstError, parseInput } from "#app/lib/forms/form-result.ts";
import { type DeclarationResult, type LinkResult, STEP_FIELD, TOKEN_FIELD } from "./withdrawal-steps.ts";

type Context = ReturnType<typeof formContextOf>;
const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The declaration: the order number, the buying account's e-mail, an optional reason; one answer if well-formed. */
export async function publicWithdrawalAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const ctx = formContextOf(context);
  const orderNumber = orderNumberOf(text(form, "encomenda"));
  const email = text(form, "email");
  if (!orderNumber || !email) return refuse(failure(form, LOOKUP_INCOMPLETE));
  const reason = text(form, "reason");
  const parsed = parseInput(
    publicWithdrawalBody,
    { order_id: orderNumber, email, ...(reason ? { reason } : {}) },
    form,
  );
  if (!parsed.ok) return refuse(failure(form, firstError(parsed.failure)));
  const declared = await attempt(form, async () => {
    await limitDeclaration(ctx.services.limiter, ctx.ip, parsed.data.email);
    return ctx.services.withdrawal.declare(parsed.data);
  });
  if (!declared.ok) return declared.response;
  return { ok: true, message: declared.value.message } satisfies DeclarationResult;
}

/** The chosen lines as posted: a checkbox `linha` per line, its quantity in `quantidade-<line id>` (else 1). */
function chosenItems(form: FormData) {
  return form.getAll("linha").map((id) => ({
    order_line_id: String(id),
    quantity: String(form.get(`quantidade-${String(id)}`) ?? "1"),
  }));
}

/** The link page's post: the owner's choice ('confirmar') or the cancel ('cancelar'). */
export async function linkWithdrawalAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const ctx = formContextOf(context);
  const token = text(form, TOKEN_FIELD);
  if (form.get(STEP_FIELD) === "cancelar") {
    const cancelled = await attempt(form, async () => {
      await limitLink(ctx.services.limiter, ctx.ip);
      return ctx.services.withdrawal.cancelByLink(token);
    });
    if (!cancelled.ok) return cancelled.response;
    return { ok: true, message: cancelled.value.message, step: "cancelled" } satisfies LinkResult;
  }
  return confirm(form, ctx, token);
}

async function confirm(form: FormData, ctx: Context, token: string) {
  const body = {
    token,
    items: chosenItems(form),
    ...(form.has("iban") ? { iban: text(form, "iban") } : {}),
    ...(text(form, "reason") ? { reason: text(form, "reason") } : {}),
  };
  const parsed = parseInput(withdrawalLinkChoiceBody, body, form);
  if (!parsed.ok) return refuse(failure<"iban">(form, firstError(parsed.failure)));
  const { token: _token, ...choice } = parsed.data;
  const stored = await attempt(form, async () => {
    await limitLink(ctx.services.limiter, ctx.ip);
    return ctx.services.withdrawal.confirmByLink(token, choice);
  });
  if (!stored.ok) {
    const refused = (await stored.response.data) as { message: string | null };
    const status = stored.response.init?.status ?? 400;
    // The IBAN's refusals are shown under it, as the form does with script.
    const aboutIban = refused.message === IBAN_MESSAGE || refused.message === WITHDRAWAL_MESSAGES.ibanRequired;
    if (aboutIban && refused.message) return refuse(failure<"iban">(form, null, { iban: refused.message }), status);
    return refuse(failure<"iban">(form, refused.message), status);
  }
  return { ok: true, message: stored.value.message, step: "done", answer: stored.value } satisfies LinkResult;
}

/**
 * The link page's data: the request the token opens, or why not (used, expired, unknown: one message). Read again
 * after a post without script, when the link is already used: the page then shows the post's answer.
 */
export async function linkPageData(request: Request, context: ContextReader) {
  const ctx = formContextOf(context);
  const token = new URL(request.url).searchParams.get(TOKEN_FIELD)?.trim() ?? "";
  const opened = await attempt(new FormData(), async () => {
    await limitLink(ctx.services.limiter, ctx.ip);
    return ctx.services.withdrawal.linkView(token);
  });
  return {
    csrf: ctx.csrfToken,
    token,
    view: opened.ok ? opened.value : null,
    invalid: opened.ok ? null : WITHDRAWAL_MESSAGES.linkInvalid,
  };
}
