import { type FormEvent, useState } from "react";
import { useActionData } from "react-router";
import { CSRF_FIELD } from "#server/modules/accounts/rules.ts";
import type {
  CancelResponse,
  WithdrawalLinkView,
  WithdrawalResponse,
} from "#server/modules/aftersale/returns/schemas.ts";
import { NETWORK_ERROR, Notice, SubmitButton } from "#app/components/account/PasswordParts.tsx";
import { WithdrawalForm } from "#app/components/account/WithdrawalForm.tsx";
import { formatLastDay, ReturnList } from "#app/components/account/WithdrawalParts.tsx";
import { formatOrderDateTime } from "#app/components/account/OrderParts.tsx";
import { type LinkResult, STEP_FIELD, TOKEN_FIELD } from "#app/components/account/withdrawal-steps.ts";
import { linkPageData, linkWithdrawalAction } from "#app/components/account/withdrawal.server.ts";
import { ContentPage, TextLink } from "#app/components/content/ContentPage.tsx";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { shopNameIn } from "#app/lib/shop.ts";
import type { Route } from "./+types/livre-resolucao-confirmar";

/**
 * /livre-resolucao/confirmar?ligacao=…: the one-time link e-mailed to the order's own address after a declaration
 * on /livre-resolucao (decision 0023). The owner sees the request (its date is the declaration's), chooses the
 * items, gives the refund IBAN when the order was paid by Multibanco or Payshop, and confirms; or cancels a request
 * they did not make. Either uses the link up. Without script both forms post to this page's action (decision 0015).
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Livre resolução: concluir o pedido | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
  // The address carries the link's token: never sent on to another site.
  { name: "referrer", content: "no-referrer" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return linkPageData(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return linkWithdrawalAction(request, context);
}

const secondaryButton =
  "rounded-lg border border-gray-300 px-4 py-2.5 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

type Outcome = { kind: "done"; answer: WithdrawalResponse } | { kind: "cancelled"; message: string };

function outcomeOf(posted: LinkResult | undefined): Outcome | null {
  if (!posted?.ok) return null;
  return posted.step === "done"
    ? { kind: "done", answer: posted.answer }
    : { kind: "cancelled", message: posted.message };
}

export default function LivreResolucaoConfirmar({ loaderData }: Route.ComponentProps) {
  const posted = useActionData() as LinkResult | undefined;
  const [outcome, setOutcome] = useState<Outcome | null>(() => outcomeOf(posted));
  const { view, token, csrf } = loaderData;
  const refused = posted && !posted.ok ? posted : null;

  return (
    <ContentPage
      eyebrow="Apoio ao Cliente"
      title={view ? `Livre resolução da encomenda n.º ${view.order_id}` : "Livre resolução"}
    >
      <div className="mt-8 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-8">
        {outcome ? (
          <Finished outcome={outcome} />
        ) : view ? (
          <Choice
            view={view}
            token={token}
            csrf={csrf}
            refused={refused}
            onDone={(answer) => setOutcome({ kind: "done", answer })}
            onCancelled={(message) => setOutcome({ kind: "cancelled", message })}
          />
        ) : (
          <div className="space-y-4">
            <Notice kind="error">{loaderData.invalid}</Notice>
            <p className="text-sm text-gray-700">
              <TextLink to="/conta">A minha conta</TextLink> ·{" "}
              <TextLink to="/livre-resolucao">Formulário de livre resolução</TextLink>
            </p>
          </div>
        )}
      </div>
    </ContentPage>
  );
}

function Finished({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === "cancelled") {
    return (
      <div className="space-y-4">
        <Notice kind="success">{outcome.message}</Notice>
        <p className="text-sm text-gray-700">
          A encomenda fica como estava. Se mudar de ideias dentro do prazo, pode desistir da compra na página da
          encomenda em <TextLink to="/conta">A minha conta</TextLink>.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Notice kind="success">{outcome.answer.message}</Notice>
      <ReturnList returns={[outcome.answer.return]} />
      <p className="text-sm text-gray-700">
        Envie-nos os artigos no prazo de 14 dias; a morada de devolução está no email que lhe enviámos. Pode acompanhar
        o pedido em <TextLink to="/conta">A minha conta</TextLink>.
      </p>
    </div>
  );
}

function Choice(props: {
  view: WithdrawalLinkView;
  token: string;
  csrf: string | null;
  refused: (LinkResult & { ok: false }) | null;
  onDone: (answer: WithdrawalResponse) => void;
  onCancelled: (message: string) => void;
}) {
  const { view, token, refused } = props;
  const hidden: Record<string, string> = { [STEP_FIELD]: "confirmar", [TOKEN_FIELD]: token };
  if (props.csrf) hidden[CSRF_FIELD] = props.csrf;
  const initial = Object.fromEntries(view.return.lines.map((l) => [l.order_line_id, l.quantity]));
  return (
    <div>
      <p className="text-sm text-gray-700">
        Registámos a declaração de livre resolução a{" "}
        <time dateTime={view.return.requested_at} className="font-semibold text-gray-900">
          {formatOrderDateTime(view.return.requested_at)}
        </time>
        : é essa a data que conta. Confirme os artigos que vai devolver
        {view.withdrawal.iban_required ? " e indique o IBAN para o reembolso" : ""}.
      </p>
      <p className="mt-2 text-sm text-gray-600">
        Esta ligação só pode ser usada uma vez e é válida até {formatLastDay(view.expires_at.slice(0, 10))}.
      </p>
      <WithdrawalForm
        view={view.withdrawal}
        initial={initial}
        submitLabel="Confirmar pedido"
        submit={(choice) => apiPost("/api/withdrawal/link/confirm", { ...choice, token })}
        onDone={props.onDone}
        posted={{
          hidden,
          message: refused?.message,
          ibanError: refused?.fields.iban,
          typed: refused?.values as { iban?: string; reason?: string } | undefined,
        }}
      />
      <CancelRequest token={token} csrf={props.csrf} onCancelled={props.onCancelled} />
    </div>
  );
}

/** 'Não foi você?': the request is cancelled (posted; with script through the API). */
function CancelRequest(props: { token: string; csrf: string | null; onCancelled: (message: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function cancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await apiPost<CancelResponse>("/api/withdrawal/link/cancel", { token: props.token });
      if (response.ok && response.data) props.onCancelled(response.data.message);
      else setError(messageFrom(response.data) ?? "Não foi possível cancelar o pedido.");
    } catch (cause) {
      setError(cause instanceof NetworkError ? NETWORK_ERROR : "Não foi possível cancelar o pedido.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="nao-foi-voce" className="mt-8 border-t border-gray-200 pt-6">
      <h2 id="nao-foi-voce" className="text-base font-semibold text-gray-900">
        Não foi você?
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Se não fez esta declaração, ou mudou de ideias, cancele o pedido: a encomenda fica como estava.
      </p>
      <form method="post" onSubmit={cancel} className="mt-3 space-y-3" aria-label="Cancelar o pedido">
        <input type="hidden" name={STEP_FIELD} value="cancelar" />
        <input type="hidden" name={TOKEN_FIELD} value={props.token} />
        {props.csrf ? <input type="hidden" name={CSRF_FIELD} value={props.csrf} /> : null}
        {error ? <Notice kind="error">{error}</Notice> : null}
        {asking ? (
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
              Não cancelar
            </button>
            <div className="sm:w-auto">
              <SubmitButton busy={busy} danger>
                Sim, cancelar o pedido
              </SubmitButton>
            </div>
          </div>
        ) : (
          // Without script this button posts at once (a click is the confirmation there).
          <button
            type="submit"
            className={secondaryButton}
            onClick={(event) => {
              event.preventDefault();
              setAsking(true);
            }}
          >
            Cancelar o pedido de livre resolução
          </button>
        )}
      </form>
    </section>
  );
}
