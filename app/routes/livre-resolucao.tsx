import { useId, useRef } from "react";
import { useFetcher } from "react-router";
import { LOOKUP_INCOMPLETE, orderNumberOf } from "#server/modules/aftersale/returns/rules.ts";
import type { DeclarationResponse } from "#server/modules/aftersale/returns/schemas.ts";
import { NETWORK_ERROR, Notice, SubmitButton } from "#app/components/account/PasswordParts.tsx";
import type { DeclarationField, DeclarationResult } from "#app/components/account/withdrawal-steps.ts";
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
 * /livre-resolucao: the withdrawal declaration for shoppers who are not signed in (decision 0023). The order number
 * and the e-mail of the account that bought it are enough to declare it: the declaration is recorded at once (its
 * date is the legal one) and e-mailed to the order's own address with a one-time link, where the owner chooses the
 * items and gives the refund IBAN (/livre-resolucao/confirmar). Whoever fills this form sees one answer whatever was
 * typed, and nothing of the order. Without script the form posts to this page's action (decision 0015).
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Livre resolução | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Desista de uma compra na ${shopNameIn(matches)} nos 14 dias a seguir à entrega: indique o número da encomenda e o email da conta com que comprou; enviamos a confirmação para esse email.`,
  },
];

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";
const labelClass = "mb-1.5 block text-sm font-medium text-gray-800";

const FAILED = "Não foi possível enviar a declaração. Tente novamente.";
const FIELDS: readonly DeclarationField[] = ["encomenda", "email", "reason"];

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: the same schema, limits and service call as POST /api/withdrawal. */
export function action({ request, context }: Route.ActionArgs) {
  return publicWithdrawalAction(request, context);
}

/** With script: POST /api/withdrawal (its answer is the same whatever was typed). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<DeclarationResult> {
  const form = await request.formData();
  const orderNumber = orderNumberOf(String(form.get("encomenda") ?? ""));
  const email = String(form.get("email") ?? "").trim();
  const reason = String(form.get("reason") ?? "").trim();
  if (!orderNumber || !email) return failure(form, LOOKUP_INCOMPLETE);
  try {
    const response = await apiPost<DeclarationResponse>("/api/withdrawal", {
      order_id: orderNumber,
      email,
      ...(reason ? { reason } : {}),
    });
    if (response.ok && response.data) return { ok: true, message: response.data.message };
    return failure(form, messageFrom(response.data) ?? FAILED);
  } catch (cause) {
    return failure(form, cause instanceof NetworkError ? NETWORK_ERROR : FAILED);
  }
}

export default function LivreResolucao({ loaderData }: Route.ComponentProps) {
  const { identity } = useShop();
  const id = useId();
  const fetcher = useFetcher<DeclarationResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const { shown, busy, typed, onInput } = useFormFeedback(fetcher, { fields: FIELDS, formRef });
  const done = shown?.ok ? shown : null;
  const message = !busy && shown && !shown.ok ? shown.message : null;

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
          <div className="space-y-4">
            <Notice kind="success">{done.message}</Notice>
            <p className="text-sm text-gray-700">
              Na mensagem que enviámos está uma ligação, válida durante 30 dias, para escolher os artigos a devolver e
              indicar como quer ser reembolsado. Se não a encontrar, veja a pasta de spam ou use a página da encomenda
              em <TextLink to="/conta">A minha conta</TextLink>.
            </p>
          </div>
        ) : (
          <fetcher.Form
            ref={formRef}
            method="post"
            noValidate
            onInput={onInput}
            className="space-y-5"
            aria-label="Declaração de livre resolução"
          >
            <CsrfField token={loaderData.csrf} />
            <h2 className="text-lg font-semibold text-gray-900">Declaração de livre resolução</h2>
            <p className="text-sm text-gray-700">
              Ao enviar este formulário declara que desiste do contrato de compra desta encomenda. A data e a hora de
              envio são as da sua declaração. Enviamos a confirmação para o email da conta que fez a compra.
            </p>
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
            <div>
              <label htmlFor={`${id}-reason`} className={labelClass}>
                Motivo <span className="font-normal text-gray-500">(opcional)</span>
              </label>
              <textarea
                id={`${id}-reason`}
                name="reason"
                rows={3}
                maxLength={1000}
                defaultValue={typed.reason}
                className={inputClass}
              />
            </div>
            {message ? <Notice kind="error">{message}</Notice> : null}
            <SubmitButton busy={busy}>Enviar declaração de livre resolução</SubmitButton>
          </fetcher.Form>
        )}
      </div>
      <p className="mt-6 text-sm text-gray-600">
        As condições estão nos <TextLink to="/termos-e-condicoes#livre-resolucao">Termos e Condições</TextLink>.
        Dúvidas? Escreva-nos para <MailLink address={identity.email} />.
      </p>
    </ContentPage>
  );
}
