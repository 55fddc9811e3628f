import "#app/lib/zod-csp.ts";
import { ArrowLeft, UserPlus } from "lucide-react";
import { useCallback, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { newAdminForm } from "#server/modules/accounts/rules.ts";
import { newAdminAction } from "#app/components/admin/dashboard/new-user.server.ts";
import { Field, fieldInputClass, SubmitButton } from "#app/components/admin/dashboard/fields.tsx";
import { CONNECTION_ERROR } from "#app/components/admin/route-data.tsx";
import { buttonClass, inputClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { api, messageFrom, NetworkError } from "#app/lib/api.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { failure, fieldErrorsFrom, type FormResult, parseForm } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
import { adminMeta } from "#app/lib/seo.ts";
import { toast } from "#app/lib/toast.tsx";
import type { Route } from "./+types/usuarios-create";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Criar Utilizador");

type Name = "name" | "email" | "password";

/** The form's inputs, in order (all required). */
const FIELDS = [
  { name: "name", label: "Nome", type: "text", autoComplete: "off", hint: undefined },
  { name: "email", label: "Email", type: "email", autoComplete: "off", hint: undefined },
  {
    name: "password",
    label: "Palavra-passe",
    type: "password",
    autoComplete: "new-password",
    hint: "Pelo menos 6 caracteres.",
  },
] as const;
const NAMES: readonly Name[] = FIELDS.map((f) => f.name);

const CREATED = "Utilizador criado com sucesso!";
const FAILED = "Erro ao criar utilizador";

/** A failure the screen toasts: 'Erro ao criar utilizador' with the server's words, or the connection's message. */
type CreateResult = FormResult<Name> & { toast?: { title: string; description?: string } };

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script (or before hydration): the admin layout's guard, then the same creation as the API (defect 5). */
export function action({ request, context }: Route.ActionArgs) {
  return newAdminAction(request, context);
}

/** With script: the shared schema, then POST /users/newuser (the spec's call; the function is always admin). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<CreateResult> {
  const form = await request.formData();
  const parsed = parseForm(newAdminForm, form);
  if (!parsed.ok) return parsed.failure as CreateResult;
  try {
    const response = await api("/users/newuser", { method: "POST", body: { ...parsed.data, function: "admin" } });
    const message = messageFrom(response.data);
    if (response.ok) return { ok: true, message: message ?? CREATED };
    const fields = Object.fromEntries(
      Object.entries(fieldErrorsFrom(response.data)).filter(([name]) => NAMES.includes(name as Name)),
    );
    return { ...failure(form, null, fields), toast: { title: FAILED, description: message ?? undefined } };
  } catch (cause) {
    if (!(cause instanceof NetworkError)) throw cause;
    return { ...failure(form, null), toast: { title: CONNECTION_ERROR } };
  }
}

/** /usuarios/create: a new admin account; the page stays, emptied, ready for the next one. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<CreateResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const onSuccess = useCallback((result: { message: string }) => {
    toast.success(result.message);
    formRef.current?.reset();
  }, []);
  // A refusal of the server (an e-mail already used, no connection) is the screen's error toast.
  const onFailure = useCallback((result: CreateResult) => {
    if (result.toast) toast.error(result.toast.title, { description: result.toast.description });
  }, []);
  const { shown, busy, errors, typed, firstRefused, onInput } = useFormFeedback(fetcher, {
    fields: NAMES,
    formRef,
    onSuccess,
    onFailure,
  });
  // Posted without script there is no toast: the answer is written on the page.
  const posted = !fetcher.data && shown ? shown : undefined;

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Criar Utilizador"
        description="Cria uma conta de administrador com acesso a este painel."
        actions={
          <Link to="/dashboard" className={buttonClass.secondary}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Voltar
          </Link>
        }
      />
      <Panel>
        {/* All fields required; the browser also checks the email format. Posted: never a password in an address. */}
        <fetcher.Form ref={formRef} method="post" onInput={onInput} className="space-y-5">
          <CsrfField token={loaderData.csrf} />
          {FIELDS.map((f) => (
            <Field key={f.name} label={f.label} error={errors[f.name]} hint={f.hint}>
              {(props) => (
                <input
                  {...props}
                  name={f.name}
                  type={f.type}
                  required
                  autoComplete={f.autoComplete}
                  defaultValue={typed[f.name]}
                  autoFocus={firstRefused === f.name}
                  className={fieldInputClass(inputClass, !!errors[f.name])}
                />
              )}
            </Field>
          ))}
          <div>
            <p className="mb-1 block text-sm font-medium text-gray-800">Função</p>
            <p className="rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-900">admin</p>
          </div>
          {posted?.message ? (
            <p
              role={posted.ok ? "status" : "alert"}
              className={posted.ok ? "text-sm text-green-700" : "text-sm text-red-700"}
            >
              {posted.message}
            </p>
          ) : null}
          <SubmitButton icon={UserPlus} busy={busy}>
            Criar Utilizador
          </SubmitButton>
        </fetcher.Form>
      </Panel>
    </div>
  );
}
