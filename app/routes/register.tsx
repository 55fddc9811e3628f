import "#app/lib/zod-csp.ts";
import { CircleCheck, CircleAlert } from "lucide-react";
import { useCallback, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { registerForm } from "#server/modules/accounts/rules.ts";
import { registerAction } from "#app/components/account/sign-in.server.ts";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { CsrfField } from "#app/lib/forms/CsrfField.tsx";
import { formLoaderData } from "#app/lib/forms/form-action.server.ts";
import { failure, type FormResult, parseForm } from "#app/lib/forms/form-result.ts";
import { useFormFeedback } from "#app/lib/forms/use-form-feedback.ts";
import type { Route } from "./+types/register";
import { shopNameIn } from "#app/lib/shop.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Registar | ${shopNameIn(matches)}` },
  { name: "description", content: `Crie a sua conta ${shopNameIn(matches)} para comprar de forma rápida e segura.` },
];

type Field = "name" | "email" | "password" | "confirmPassword";

const FIELDS: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: "name", label: "Nome", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Palavra-passe", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirmar palavra-passe", type: "password", autoComplete: "new-password" },
];
const FIELD_NAMES = FIELDS.map((f) => f.name);

export function loader({ context }: Route.LoaderArgs) {
  return formLoaderData(context);
}

/** Without script: the same registration as POST /api/users/register (decision 0015). */
export function action({ request, context }: Route.ActionArgs) {
  return registerAction(request, context);
}

/** With script: the shared schema first (errors on submit), then POST /api/users/register (the spec's call). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<FormResult<Field>> {
  const form = await request.formData();
  const parsed = parseForm(registerForm, form);
  if (!parsed.ok) return parsed.failure as FormResult<Field>;
  const { name, email, password } = parsed.data;
  try {
    // confirmPassword stays in the browser.
    const response = await apiPost("/api/users/register", { name, email, password });
    if (response.ok) return { ok: true, message: messageFrom(response.data) ?? "Utilizador registado com sucesso!" };
    return failure(form, messageFrom(response.data) ?? "Erro no registo");
  } catch (cause) {
    return failure(
      form,
      cause instanceof NetworkError
        ? "Erro de rede: não foi possível conectar ao servidor."
        : "Erro inesperado no registo.",
    );
  }
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const idPrefix = useId();
  const fetcher = useFetcher<FormResult<Field>>();
  const formRef = useRef<HTMLFormElement>(null);
  // Registered: the form is emptied for the next one.
  const onSuccess = useCallback(() => formRef.current?.reset(), []);
  // Errors appear on submit and a field's error clears as soon as it is edited.
  const { shown, busy, errors, typed, firstRefused, onInput } = useFormFeedback(fetcher, {
    fields: FIELD_NAMES,
    formRef,
    onSuccess,
  });

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-8 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight">Registar</h1>
        <p className="mt-1 text-sm text-gray-600">Crie a sua conta em poucos segundos.</p>

        <fetcher.Form ref={formRef} method="post" noValidate onInput={onInput} className="mt-8 space-y-5">
          <CsrfField token={loaderData.csrf} />
          {FIELDS.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            const error = errors[field.name];
            return (
              <div key={field.name}>
                <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-800">
                  {field.label}
                </label>
                <input
                  id={id}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-gray-900 shadow-xs focus:ring-2 focus:outline-none ${
                    error
                      ? "border-red-400 focus:border-red-500 focus:ring-red-500/30"
                      : "border-gray-300 focus:border-brand-500 focus:ring-brand-500/30"
                  }`}
                  name={field.name}
                  defaultValue={typed[field.name]}
                  autoFocus={firstRefused === field.name}
                />
                {error && (
                  <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
                    {error}
                  </p>
                )}
              </div>
            );
          })}

          {shown?.ok && (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3.5 py-2.5 text-sm text-green-800"
            >
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {shown.message}
            </p>
          )}
          {shown && !shown.ok && shown.message && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {shown.message}
            </p>
          )}

          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? "Aguarde..." : "Registar"}
          </button>
        </fetcher.Form>

        <p className="mt-6 text-center text-sm text-gray-600">
          Já tem conta?{" "}
          <Link
            to="/login"
            className="font-semibold text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Entrar
          </Link>
        </p>
      </div>
    </div>
  );
}
