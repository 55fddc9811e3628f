import { AlertCircle, CheckCircle2, Clock, Mail, Send } from "lucide-react";
import { useCallback, useRef } from "react";
import { useFetcher } from "react-router";
import type { ContactResponse } from "#server/modules/contact/schemas.ts";
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_MESSAGES, type ContactField } from "#server/modules/contact/rules.ts";
import { contactAction } from "#app/components/contact/contact.server.ts";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { failure, fieldErrorsFrom, type FormResult } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
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
type ContactResult = FormResult<ContactField>;

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: the same schema and service as POST /api/contact (decision 0015). */
export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context);
}

/** Sends the form to POST /api/contact: the page says it was sent only once the server stored it. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ContactResult> {
  const form = await request.formData();
  const read = (name: string) => String(form.get(name) ?? "");
  const body = { nome: read("nome"), email: read("email"), mensagem: read("mensagem"), website: read("website") };
  try {
    const response = await apiPost<ContactResponse>("/api/contact", body);
    if (response.ok) return { ok: true, message: CONTACT_MESSAGES.sent };
    // The API's 400 lists each refused field ({ path: "/nome", message }), with the shared zod schema's pt-PT text.
    const refused = response.status === 400 ? fieldErrorsFrom(response.data) : {};
    const fields = Object.fromEntries(CONTACT_FIELDS.flatMap((f) => (refused[f] ? [[f, refused[f]]] : [])));
    if (Object.keys(fields).length > 0) return failure(form, null, fields);
    // Too many messages: the server's pt-PT text; anything else (503, 500): the form's own.
    const message = response.status === 429 ? messageFrom(response.data) : null;
    return failure(form, message ?? CONTACT_MESSAGES.failed);
  } catch (error) {
    if (error instanceof NetworkError) return failure(form, CONTACT_MESSAGES.failed);
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
  defaultValue: string | undefined;
  autoFocus: boolean;
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

export default function Contato({ loaderData }: Route.ComponentProps) {
  // The shop's contact address (settings, /definicoes).
  const supportEmail = useShop().identity.email;
  const fetcher = useFetcher<ContactResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const onSuccess = useCallback((result: { message: string }) => {
    toast.success(result.message);
    formRef.current?.reset();
  }, []);
  // The answer shown: dropped when the shopper types again.
  const {
    shown,
    busy: sending,
    errors,
    typed,
    firstRefused,
    onInput,
  } = useFormFeedback(fetcher, { fields: CONTACT_FIELDS, formRef, onSuccess });

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
          <CsrfField token={loaderData.csrf} />
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field="nome"
              label="Nome"
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.nameMax}
              error={errors.nome}
              defaultValue={typed.nome}
              autoFocus={firstRefused === "nome"}
            />
            <InputField
              field="email"
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.emailMax}
              error={errors.email}
              defaultValue={typed.email}
              autoFocus={firstRefused === "email"}
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
              defaultValue={typed.mensagem}
              autoFocus={firstRefused === "mensagem"}
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
              disabled={sending}
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
