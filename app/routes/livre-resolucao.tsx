import { useId, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { CSRF_FIELD } from "#server/modules/accounts/rules.ts";
import { LOOKUP_INCOMPLETE, orderNumberOf } from "#server/modules/aftersale/returns/rules.ts";
import type { WithdrawalResponse, WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { NETWORK_ERROR, Notice, SubmitButton } from "#app/components/account/PasswordParts.tsx";
import { WithdrawalForm } from "#app/components/account/WithdrawalForm.tsx";
import { formatLastDay, ReturnList, unavailableText } from "#app/components/account/WithdrawalParts.tsx";
import {
  type ChoiceResult,
  type Found,
  type LookupField,
  type LookupResult,
  STEP_FIELD,
} from "#app/components/account/withdrawal-steps.ts";
import { publicWithdrawalAction } from "#app/components/account/withdrawal.server.ts";
import { ContentPage, MailLink, TextLink } from "#app/components/content/ContentPage.tsx";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { failure } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
import { shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/livre-resolucao";

/**
 * /livre-resolucao: the withdrawal function for shoppers who are not signed in. The order number and the e-mail of
 * the account that bought it find the order (POST /api/withdrawal/lookup; a wrong pair is one message, whichever is
 * wrong), then the same choice as in /conta (POST /api/withdrawal). Signed-in shoppers can also use the button on
 * the order's page. Without script both steps post to this page's action, which does the same (decision 0015).
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Livre resolução | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Desista de uma compra na ${shopNameIn(matches)} nos 14 dias a seguir à entrega: indique o número da encomenda e o seu email, escolha os artigos e confirme.`,
  },
];

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";
const labelClass = "mb-1.5 block text-sm font-medium text-gray-800";

const NOT_FOUND = "Não foi possível encontrar a encomenda.";

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: step 1's look-up or step 2's request, as the API's calls do them. */
export function action({ request, context }: Route.ActionArgs) {
  return publicWithdrawalAction(request, context);
}

/** With script, step 1: POST /api/withdrawal/lookup (step 2 is sent by WithdrawalForm). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<LookupResult> {
  const form = await request.formData();
  const orderNumber = orderNumberOf(String(form.get("encomenda") ?? ""));
  const email = String(form.get("email") ?? "").trim();
  if (!orderNumber || !email) return failure(form, LOOKUP_INCOMPLETE);
  try {
    const response = await apiPost<WithdrawalView>("/api/withdrawal/lookup", { order_id: orderNumber, email });
    if (response.ok && response.data) {
      return {
        ok: true,
        message: "",
        step: "choice",
        found: { orderId: Number(orderNumber), email, view: response.data },
      };
    }
    return failure(form, messageFrom(response.data) ?? NOT_FOUND);
  } catch (cause) {
    return failure(form, cause instanceof NetworkError ? NETWORK_ERROR : NOT_FOUND);
  }
}

type Posted = LookupResult | ChoiceResult | undefined;

/** Where a post without script left the form: the choice (found, or refused with its message) or the request stored. */
function postedStep(posted: Posted): { found: Found | null; done: WithdrawalResponse | null } {
  if (!posted) return { found: null, done: null };
  if (posted.ok)
    return posted.step === "done" ? { found: null, done: posted.answer } : { found: posted.found, done: null };
  return { found: "found" in posted ? posted.found : null, done: null };
}

export default function LivreResolucao({ loaderData }: Route.ComponentProps) {
  const { identity } = useShop();
  const posted = useActionData() as Posted;
  const [found, setFound] = useState<Found | null>(() => postedStep(posted).found);
  const [done, setDone] = useState<WithdrawalResponse | null>(() => postedStep(posted).done);
  const choiceRefused = posted && !posted.ok && "found" in posted ? posted : null;

  return (
    <ContentPage
      eyebrow="Apoio ao Cliente"
      title="Livre resolução"
      intro={
        <p>
          Pode desistir de uma compra, sem indicar o motivo, até 14 dias depois de receber a encomenda. Se tem sessão
          iniciada, também o pode fazer na página da encomenda em <TextLink to="/conta">A minha conta</TextLink>.
        </p>
      }
    >
      <div className="mt-8 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-8">
        {done ? (
          <Done answer={done} />
        ) : found ? (
          <Choice
            found={found}
            csrf={loaderData.csrf}
            refused={found === choiceRefused?.found ? choiceRefused : null}
            onBack={() => setFound(null)}
            onDone={(answer) => {
              setDone(answer);
              setFound(null);
            }}
          />
        ) : (
          <Lookup csrf={loaderData.csrf} onFound={setFound} />
        )}
      </div>
      <p className="mt-6 text-sm text-gray-600">
        As condições estão nos <TextLink to="/termos-e-condicoes#livre-resolucao">Termos e Condições</TextLink>.
        Dúvidas? Escreva-nos para <MailLink address={identity.email} />.
      </p>
    </ContentPage>
  );
}

const LOOKUP_FIELDS: readonly LookupField[] = ["encomenda", "email"];

/** Step 1: which order (number and e-mail). */
function Lookup({ csrf, onFound }: { csrf: string | null; onFound: (found: Found) => void }) {
  const id = useId();
  const fetcher = useFetcher<LookupResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const { shown, busy, typed } = useFormFeedback(fetcher, {
    fields: LOOKUP_FIELDS,
    formRef,
    onSuccess: (result) => {
      if (result.step === "choice") onFound(result.found);
    },
  });
  const message = !busy && shown && !shown.ok ? shown.message : null;

  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="space-y-5" aria-label="Encontrar a encomenda">
      <CsrfField token={csrf} />
      <input type="hidden" name={STEP_FIELD} value="encomenda" />
      <h2 className="text-lg font-semibold text-gray-900">1. A sua encomenda</h2>
      <div>
        <label htmlFor={`${id}-encomenda`} className={labelClass}>
          Número da encomenda
        </label>
        <input
          id={`${id}-encomenda`}
          name="encomenda"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Ex.: 1234"
          defaultValue={typed.encomenda}
          className={inputClass}
        />
        <p className="mt-1.5 text-xs text-gray-600">Está no email de confirmação do pagamento.</p>
      </div>
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={typed.email}
          className={inputClass}
        />
        <p className="mt-1.5 text-xs text-gray-600">O email da conta com que fez a compra.</p>
      </div>
      {message ? <Notice kind="error">{message}</Notice> : null}
      <SubmitButton busy={busy}>Continuar</SubmitButton>
    </fetcher.Form>
  );
}

/** Step 2: the items (or why the withdrawal is not possible now). */
function Choice(props: {
  found: Found;
  csrf: string | null;
  /** The refusal of this choice posted without script. */
  refused: (ChoiceResult & { ok: false }) | null;
  onBack: () => void;
  onDone: (answer: WithdrawalResponse) => void;
}) {
  const { orderId, email, view } = props.found;
  const { refused } = props;
  const hidden: Record<string, string> = { [STEP_FIELD]: "escolha", order_id: String(orderId), email };
  if (props.csrf) hidden[CSRF_FIELD] = props.csrf;
  const unavailable = unavailableText(view);
  return (
    <div>
      <h2 className="text-lg font-semibold text-gray-900">2. Encomenda n.º {orderId}</h2>
      {view.available && view.last_day ? (
        <p className="mt-1 text-sm text-gray-700">
          Pode desistir até <strong className="font-semibold text-gray-900">{formatLastDay(view.last_day)}</strong>.
          Escolha os artigos que quer devolver.
        </p>
      ) : null}
      <ReturnList returns={view.returns} />
      {view.available ? (
        <WithdrawalForm
          view={view}
          submit={(choice) => apiPost("/api/withdrawal", { ...choice, order_id: orderId, email })}
          onCancel={props.onBack}
          onDone={props.onDone}
          posted={{
            hidden,
            message: refused?.message,
            ibanError: refused?.fields.iban,
            typed: refused?.values as { iban?: string; reason?: string } | undefined,
          }}
        />
      ) : (
        <>
          <p className="mt-3 text-sm text-gray-700">{unavailable}</p>
          <button
            type="button"
            onClick={props.onBack}
            className="mt-4 rounded-lg border border-gray-300 px-4 py-2.5 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Voltar
          </button>
        </>
      )}
    </div>
  );
}

/** Step 3: the request as the server stored it. */
function Done({ answer }: { answer: WithdrawalResponse }) {
  return (
    <div className="space-y-4">
      <Notice kind="success">{answer.message}</Notice>
      <ReturnList returns={[answer.return]} />
      <p className="text-sm text-gray-700">
        Envie-nos os artigos no prazo de 14 dias; a morada de devolução está no email que lhe enviámos. Reembolsamos no
        prazo de 14 dias a contar do pedido (podemos aguardar a receção dos artigos).
      </p>
    </div>
  );
}
