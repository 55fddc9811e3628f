/**
 * The public withdrawal form (/livre-resolucao) posted without script (decision 0015): the same schemas, rate-limit
 * counters and service calls as POST /api/withdrawal/lookup and POST /api/withdrawal
 * (server/modules/aftersale/returns/public-routes.ts).
 */
import { IBAN_MESSAGE, LOOKUP_INCOMPLETE, orderNumberOf } from "#server/modules/aftersale/returns/rules.ts";
import {
  publicWithdrawalBody,
  WITHDRAWAL_MESSAGES,
  withdrawalLookupBody,
} from "#server/modules/aftersale/returns/schemas.ts";
import { attempt, formContextOf, refuse, type ContextReader } from "#app/lib/forms/form-action.server.ts";
import { failure, firstError, parseInput } from "#app/lib/forms/form-result.ts";
import { type ChoiceResult, type Found, type LookupResult, STEP_FIELD } from "./withdrawal-steps.ts";

const MINUTE = 60_000;
type Context = ReturnType<typeof formContextOf>;

/** The API's counters: the pair is a weak secret, so guesses are bounded per address and per e-mail. */
async function limit({ services, ip }: Context, email: string) {
  await services.limiter.hit(`withdrawal:ip:${ip}`, 20, 60 * MINUTE);
  await services.limiter.hit(`withdrawal:email:${email}`, 10, 60 * MINUTE);
}

export async function publicWithdrawalAction(request: Request, context: ContextReader) {
  const form = await request.formData();
  const ctx = formContextOf(context);
  return form.get(STEP_FIELD) === "escolha" ? choose(form, ctx) : lookup(form, ctx);
}

/** Step 1: the order number and the buying account's e-mail. */
async function lookup(form: FormData, ctx: Context) {
  const orderNumber = orderNumberOf(String(form.get("encomenda") ?? ""));
  const email = String(form.get("email") ?? "").trim();
  if (!orderNumber || !email) return refuse(failure(form, LOOKUP_INCOMPLETE));
  const parsed = parseInput(withdrawalLookupBody, { order_id: orderNumber, email }, form);
  if (!parsed.ok) return refuse(failure(form, firstError(parsed.failure)));
  const { order_id, email: address } = parsed.data;
  const found = await attempt(form, async () => {
    await limit(ctx, address);
    return ctx.services.withdrawal.view(order_id, { email: address });
  });
  if (!found.ok) return found.response;
  return {
    ok: true,
    message: "",
    step: "choice",
    found: { orderId: order_id, email, view: found.value },
  } satisfies LookupResult;
}

/** The chosen lines as posted: a checkbox `linha` per line, its quantity in `quantidade-<line id>` (else 1). */
function chosenItems(form: FormData) {
  return form.getAll("linha").map((id) => ({
    order_line_id: String(id),
    quantity: String(form.get(`quantidade-${String(id)}`) ?? "1"),
  }));
}

/** Step 2: the items, the IBAN when needed, the reason. A refusal shows the choice again with its message. */
async function choose(form: FormData, ctx: Context) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const body = {
    order_id: text("order_id"),
    email: text("email"),
    items: chosenItems(form),
    ...(form.has("iban") ? { iban: text("iban") } : {}),
    ...(text("reason") ? { reason: text("reason") } : {}),
  };
  const parsed = parseInput(publicWithdrawalBody, body, form);
  // The pair was checked in step 1; a changed hidden field starts again.
  if (!parsed.ok && (parsed.failure.fields.order_id || parsed.failure.fields.email)) {
    return refuse(failure(form, LOOKUP_INCOMPLETE));
  }
  const again = async (message: string | null, iban?: string, status = 400) => {
    const { order_id, email } = { order_id: Number(body.order_id), email: body.email.toLowerCase() };
    const view = await ctx.services.withdrawal.view(order_id, { email });
    const found: Found = { orderId: order_id, email: body.email, view };
    return refuse({ ...failure<"iban">(form, message, iban ? { iban } : {}), found } satisfies ChoiceResult, status);
  };
  if (!parsed.ok) return again(firstError(parsed.failure));
  const { order_id, email, ...choice } = parsed.data;
  const stored = await attempt(form, async () => {
    await limit(ctx, email);
    return ctx.services.withdrawal.request({ ...choice, orderId: order_id, requester: { email } });
  });
  if (!stored.ok) {
    const refused = (await stored.response.data) as { message: string | null };
    const status = stored.response.init?.status ?? 400;
    // The IBAN's refusals are shown under it, as the form does with script.
    const aboutIban = refused.message === IBAN_MESSAGE || refused.message === WITHDRAWAL_MESSAGES.ibanRequired;
    if (aboutIban && refused.message) return again(null, refused.message, status);
    return again(refused.message, undefined, status);
  }
  return { ok: true, message: stored.value.message, step: "done", answer: stored.value } satisfies ChoiceResult;
}
