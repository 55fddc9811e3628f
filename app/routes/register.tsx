import "#app/lib/zod-csp.ts";
import { CircleCheck, CircleAlert } from "lucide-react";
import { useId, useState } from "react";
import type { FieldPath } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { registerForm } from "#server/modules/accounts/schemas.ts";
import { useSubmitForm } from "#app/components/account/use-submit-form.ts";
import { apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/storage.ts";
import type { Route } from "./+types/register";
import { shopNameIn } from "#app/lib/shop.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Registar | ${shopNameIn(matches)}` },
  { name: "description", content: `Crie a sua conta ${shopNameIn(matches)} para comprar de forma rápida e segura.` },
];

type FormInput = z.input<typeof registerForm>;
type FormOutput = z.output<typeof registerForm>;

type Status =
  | { state: "idle" }
  | { state: "submitting" }
  | { state: "success"; message: string }
  | { state: "error"; message: string };

const EMPTY: FormInput = { name: "", email: "", password: "", confirmPassword: "" };

const FIELDS: { name: FieldPath<FormInput>; label: string; type: string; autoComplete: string }[] = [
  { name: "name", label: "Nome", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Palavra-passe", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirmar palavra-passe", type: "password", autoComplete: "new-password" },
];

export default function Register() {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const idPrefix = useId();
  // Errors appear on submit and a field's error clears as soon as it is edited.
  const {
    field: registered,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSubmitForm(registerForm, EMPTY);

  const submitting = status.state === "submitting";

  async function onValid(values: FormOutput) {
    setStatus({ state: "submitting" });
    try {
      // confirmPassword stays in the browser.
      const response = await apiPost("/api/users/register", {
        name: values.name,
        email: values.email,
        password: values.password,
      });
      if (response.ok) {
        setStatus({ state: "success", message: messageFrom(response.data) ?? "Utilizador registado com sucesso!" });
        reset(EMPTY);
      } else {
        setStatus({ state: "error", message: messageFrom(response.data) ?? "Erro no registo" });
      }
    } catch (cause) {
      setStatus({
        state: "error",
        message:
          cause instanceof NetworkError
            ? "Erro de rede: não foi possível conectar ao servidor."
            : "Erro inesperado no registo.",
      });
    }
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-8 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight">Registar</h1>
        <p className="mt-1 text-sm text-gray-600">Crie a sua conta em poucos segundos.</p>

        <form onSubmit={handleSubmit(onValid)} noValidate className="mt-8 space-y-5">
          {FIELDS.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            const error = errors[field.name]?.message;
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
                  {...registered(field.name)}
                />
                {error && (
                  <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
                    {error}
                  </p>
                )}
              </div>
            );
          })}

          {status.state === "success" && (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3.5 py-2.5 text-sm text-green-800"
            >
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {status.message}
            </p>
          )}
          {status.state === "error" && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {status.message}
            </p>
          )}

          <button
            type="submit"
            // Until the page is interactive a click would submit the bare form (passwords in the URL).
            disabled={submitting || !hydrated}
            className="w-full rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {submitting ? "Aguarde..." : "Registar"}
          </button>
        </form>

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
