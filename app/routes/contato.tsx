import { AlertCircle, CheckCircle2, Clock, Mail, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ContactResponse } from "#server/modules/contact/schemas.ts";
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_MESSAGES, type ContactField } from "#server/modules/contact/rules.ts";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/storage.ts";
import { toast } from "#app/lib/toast.tsx";
import { ContentPage, MailLink, TextLink, focusRing } from "#app/components/content/ContentPage.tsx";
import { shopEmailIn, shopNameIn, useShop } from "#app/lib/shop.ts";
import type { Route } from "./+types/contato";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Contacto | ${shopNameIn(matches)}` },
  {
    name: "description",
    content: `Fale com a ${shopNameIn(matches)}: envie-nos uma mensagem sobre encomendas, produtos ou parcerias, ou escreva-nos para ${shopEmailIn(matches)}. Respondemos nos dias úteis.`,
  },
];

/** What the form shows after a submission: success, or the general error and each field's error. */
type ContactResult =
  { ok: true; message: string } | { ok: false; message: string | null; fields: Partial<Record<ContactField, string>> };

/** The API's 400 lists each refused field ({ path: "/nome", message }), with the shared zod schema's pt-PT text. */
function fieldErrors(data: unknown): Partial<Record<ContactField, string>> {
  const details = (data as { details?: unknown } | null)?.details;
  const fields: Partial<Record<ContactField, string>> = {};
  if (!Array.isArray(details)) return fields;
  for (const detail of details as Array<{ path?: unknown; message?: unknown }>) {
    const field = CONTACT_FIELDS.find((f) => detail.path === `/${f}`);
    if (field && typeof detail.message === "string" && !fields[field]) fields[field] = detail.message;
  }
  return fields;
}

/** Sends the form to POST /api/contact: the page says it was sent only once the server stored it. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ContactResult> {
  const form = await request.formData();
  const read = (name: string) => String(form.get(name) ?? "");
  const body = { nome: read("nome"), email: read("email"), mensagem: read("mensagem"), website: read("website") };
  try {
    const response = await apiPost<ContactResponse>("/api/contact", body);
    if (response.ok) return { ok: true, message: CONTACT_MESSAGES.sent };
    const fields = response.status === 400 ? fieldErrors(response.data) : {};
    if (Object.keys(fields).length > 0) return { ok: false, message: null, fields };
    // Too many messages: the server's pt-PT text; anything else (503, 500): the form's own.
    const message = response.status === 429 ? messageFrom(response.data) : null;
    return { ok: false, message: message ?? CONTACT_MESSAGES.failed, fields: {} };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: CONTACT_MESSAGES.failed, fields: {} };
    throw error;
  }
}

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-600";
const labelClass = "mb-1.5 block text-sm font-medium text-gray-800";

/** A field's error under it, tied to the input by aria-describedby. */
function FieldError({ field, message }: { field: ContactField; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`contato-${field}-erro`} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  );
}

const errorProps = (field: ContactField, message: string | undefined) =>
  message ? { "aria-invalid": true, "aria-describedby": `contato-${field}-erro` } : {};

/** A required one-line field with its label and its error under it. */
function InputField(props: {
  field: ContactField;
  label: string;
  type: "text" | "email";
  autoComplete: string;
  inputMode?: "email";
  maxLength: number;
  error: string | undefined;
}) {
  const { field, label, error, ...input } = props;
  return (
    <div>
      <label htmlFor={`contato-${field}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`contato-${field}`}
        name={field}
        required
        {...input}
        className={inputClass}
        {...errorProps(field, error)}
      />
      <FieldError field={field} message={error} />
    </div>
  );
}

export default function Contato() {
  // The form is sent by the route's clientAction: until hydration its button stays disabled.
  const hydrated = useHydrated();
  // The shop's contact address (settings, /definicoes).
  const supportEmail = useShop().identity.email;
  const fetcher = useFetcher<ContactResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  // The answer shown: dropped when the shopper types again.
  const [shown, setShown] = useState<ContactResult | undefined>(undefined);
  const handled = useRef<ContactResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setShown(result);
    if (result.ok) {
      toast.success(result.message);
      formRef.current?.reset();
      return;
    }
    // Focus the first refused field, so a screen reader reads its error.
    const first = CONTACT_FIELDS.find((f) => result.fields[f]);
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  }, [fetcher.state, fetcher.data]);

  function onInput(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (!shown || !(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    if (shown.ok) setShown(undefined);
    else if (shown.fields[target.name as ContactField]) {
      setShown({ ...shown, fields: { ...shown.fields, [target.name]: undefined } });
    }
  }

  const errors = shown && !shown.ok ? shown.fields : {};

  return (
    <ContentPage
      eyebrow="Estamos aqui para ajudar"
      title="Contacto"
      intro={
        <p>
          Tem uma dúvida sobre uma encomenda, um produto ou uma parceria? Envie-nos uma mensagem e respondemos por
          e-mail assim que possível.
        </p>
      }
    >
      <section aria-labelledby="dados-contacto-titulo" className="mt-8">
        <h2 id="dados-contacto-titulo" className="sr-only">
          Dados de contacto
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          <li className="flex gap-4 rounded-xl border border-gray-200 bg-gray-50 p-5">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600">
              <Mail className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-gray-900">E-mail</h3>
              <p className="mt-1 text-sm leading-6">
                <MailLink address={supportEmail} />
              </p>
            </div>
          </li>
          <li className="flex gap-4 rounded-xl border border-gray-200 bg-gray-50 p-5">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600">
              <Clock className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-gray-900">Horário de atendimento</h3>
              <p className="mt-1 text-sm leading-6 text-gray-600">
                Segunda a sexta-feira, das 9h00 às 18h00 (exceto feriados)
              </p>
            </div>
          </li>
        </ul>
        <p className="mt-4 text-sm leading-6 text-gray-600">
          Antes de escrever, veja se a resposta está nas <TextLink to="/info-envio">Informações de Envio</TextLink> ou
          nos <TextLink to="/termos-e-condicoes">Termos e Condições</TextLink> (devoluções e garantia).
        </p>
      </section>

      <section aria-labelledby="formulario-titulo" className="mt-10">
        <h2 id="formulario-titulo" className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">
          Envie-nos uma mensagem
        </h2>
        <p className="mt-1 text-sm text-gray-600">Todos os campos são obrigatórios.</p>

        <fetcher.Form ref={formRef} method="post" noValidate onInput={onInput} className="mt-6 space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field="nome"
              label="Nome"
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.nameMax}
              error={errors.nome}
            />
            <InputField
              field="email"
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.emailMax}
              error={errors.email}
            />
          </div>
          <div>
            <label htmlFor="contato-mensagem" className={labelClass}>
              Mensagem
            </label>
            <textarea
              id="contato-mensagem"
              name="mensagem"
              rows={6}
              required
              minLength={CONTACT_LIMITS.messageMin}
              maxLength={CONTACT_LIMITS.messageMax}
              className={`${inputClass} resize-y`}
              {...errorProps("mensagem", errors.mensagem)}
            />
            <FieldError field="mensagem" message={errors.mensagem} />
          </div>
          {/* Honeypot: out of sight and out of the tab order; a robot that fills it gets a success and nothing is sent. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contato-website">Não preencha este campo</label>
            <input id="contato-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>

          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <button
              type="submit"
              disabled={!hydrated || sending}
              className={`${focusRing} flex items-center justify-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-not-allowed disabled:opacity-60`}
            >
              <Send className="size-4" aria-hidden="true" />
              {sending ? "A enviar…" : "Enviar mensagem"}
            </button>
            <div role="status" aria-live="polite">
              {shown?.ok && (
                <p className="flex items-center gap-2 text-sm font-medium text-green-700">
                  <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
                  {shown.message}
                </p>
              )}
              {shown && !shown.ok && shown.message && (
                <p className="flex items-center gap-2 text-sm font-medium text-red-700">
                  <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
                  {shown.message}
                </p>
              )}
            </div>
          </div>

          <p className="text-xs leading-5 text-gray-500">
            Usamos os dados que indicar apenas para responder à sua mensagem. Saiba mais na{" "}
            <TextLink to="/politica-privacidade">Política de Privacidade</TextLink>.
          </p>
        </fetcher.Form>
      </section>
    </ContentPage>
  );
}
