import { type FormEvent, useId, useState } from "react";
import type { WithdrawalResponse, WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { NETWORK_ERROR, Notice, SubmitButton } from "#app/components/account/PasswordParts.tsx";
import { WithdrawalForm } from "#app/components/account/WithdrawalForm.tsx";
import { formatLastDay, ReturnList, unavailableText } from "#app/components/account/WithdrawalParts.tsx";
import { ContentPage, MailLink, TextLink } from "#app/components/content/ContentPage.tsx";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { shopNameIn, useShop } from "#app/lib/shop.ts";
import { useHydrated } from "#app/lib/storage.ts";
import type { Route } from "./+types/livre-resolucao";

/**
 * /livre-resolucao: the withdrawal function for shoppers who are not signed in. The order number and the e-mail of
 * the account that bought it find the order (POST /api/withdrawal/lookup; a wrong pair is one message, whichever is
 * wrong), then the same choice as in /conta (POST /api/withdrawal). Signed-in shoppers can also use the button on
 * the order's page.
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

type Found = { orderId: number; email: string; view: WithdrawalView };

export default function LivreResolucao() {
  const { identity } = useShop();
  const [found, setFound] = useState<Found | null>(null);
  const [done, setDone] = useState<WithdrawalResponse | null>(null);

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
            onBack={() => setFound(null)}
            onDone={(answer) => {
              setDone(answer);
              setFound(null);
            }}
          />
        ) : (
          <Lookup onFound={setFound} />
        )}
      </div>
      <p className="mt-6 text-sm text-gray-600">
        As condições estão nos <TextLink to="/termos-e-condicoes#livre-resolucao">Termos e Condições</TextLink>.
        Dúvidas? Escreva-nos para <MailLink address={identity.email} />.
      </p>
    </ContentPage>
  );
}

type Status = { state: "idle" | "submitting" } | { state: "error"; message: string };

/** Step 1: which order (number and e-mail). */
function Lookup({ onFound }: { onFound: (found: Found) => void }) {
  const id = useId();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ state: "idle" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.state === "submitting") return;
    const data = new FormData(event.currentTarget);
    const orderNumber = String(data.get("encomenda") ?? "")
      .trim()
      .replace(/^#/, "");
    const email = String(data.get("email") ?? "").trim();
    if (!/^\d{1,9}$/.test(orderNumber) || !email) {
      setStatus({ state: "error", message: "Indique o número da encomenda e o email da conta com que comprou." });
      return;
    }
    setStatus({ state: "submitting" });
    try {
      const response = await apiPost<WithdrawalView>("/api/withdrawal/lookup", { order_id: orderNumber, email });
      if (response.ok && response.data) {
        onFound({ orderId: Number(orderNumber), email, view: response.data });
        return;
      }
      setStatus({ state: "error", message: messageFrom(response.data) ?? "Não foi possível encontrar a encomenda." });
    } catch (cause) {
      setStatus({
        state: "error",
        message: cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível encontrar a encomenda.",
      });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Encontrar a encomenda">
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
          className={inputClass}
        />
        <p className="mt-1.5 text-xs text-gray-600">Está no email de confirmação do pagamento.</p>
      </div>
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          Email
        </label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" className={inputClass} />
        <p className="mt-1.5 text-xs text-gray-600">O email da conta com que fez a compra.</p>
      </div>
      {status.state === "error" ? <Notice kind="error">{status.message}</Notice> : null}
      <SubmitButton busy={status.state === "submitting"} hydrated={hydrated}>
        Continuar
      </SubmitButton>
    </form>
  );
}

/** Step 2: the items (or why the withdrawal is not possible now). */
function Choice(props: { found: Found; onBack: () => void; onDone: (answer: WithdrawalResponse) => void }) {
  const { orderId, email, view } = props.found;
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
