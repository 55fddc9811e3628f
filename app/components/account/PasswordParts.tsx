import { CircleAlert, CircleCheck, Eye, EyeOff, Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";

/*
 * The pieces the password and privacy pages share (/conta/palavra-passe, /recuperar-palavra-passe,
 * /redefinir-palavra-passe, /conta/privacidade): the card, a password input with its error, notices and the
 * submit button. The look follows /login and /register.
 */

export const linkClass = `${focusRing} font-semibold text-brand-600 hover:text-brand-700`;

export function AccountCard(props: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto flex flex-col px-4 py-10 sm:py-16 ${props.wide ? "max-w-2xl" : "max-w-md"}`}>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-xl font-bold tracking-tight text-gray-900 sm:text-2xl">{props.title}</h1>
        {props.intro ? <div className="mt-1 text-sm text-gray-600">{props.intro}</div> : null}
        {props.children}
      </div>
    </div>
  );
}

export function Notice(props: { kind: "success" | "error"; children: ReactNode }) {
  const success = props.kind === "success";
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <div
      role={success ? "status" : "alert"}
      className={`flex items-start gap-2 rounded-lg border px-3.5 py-2.5 text-sm ${
        success ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-700"
      }`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{props.children}</div>
    </div>
  );
}

const inputBase =
  "block w-full rounded-lg border bg-white px-3.5 py-2.5 pr-11 text-gray-900 shadow-xs focus:ring-2 focus:outline-none";

/** A labelled password input (with show/hide) of a posted form; its error below it. */
export function PasswordInput(props: {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  error?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const describedBy = [props.hint ? `${props.id}-hint` : "", props.error ? `${props.id}-error` : ""].join(" ").trim();
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium text-gray-800">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={props.id}
          type={visible ? "text" : "password"}
          autoComplete={props.autoComplete}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputBase} ${
            props.error
              ? "border-red-400 focus:border-red-500 focus:ring-red-500/30"
              : "border-gray-300 focus:border-brand-500 focus:ring-brand-500/30"
          }`}
          name={props.name}
          autoFocus={props.autoFocus}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Ocultar palavra-passe" : "Mostrar palavra-passe"}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500"
        >
          {visible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
        </button>
      </div>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1.5 text-xs text-gray-500">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1.5 text-sm text-red-600">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A plain text input of the account pages (login, recovery). */
export const accountInputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";

/** The labelled 'Email' input of the login and recovery forms (read from the form's data on submit). */
export function EmailField(props: { id: string; required?: boolean; defaultValue?: string; autoFocus?: boolean }) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium text-gray-800">
        Email
      </label>
      <input
        id={props.id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required={props.required}
        defaultValue={props.defaultValue}
        autoFocus={props.autoFocus}
        className={accountInputClass}
      />
    </div>
  );
}

export const NEW_PASSWORD_HINT = "Pelo menos 6 caracteres; evite palavras-passe comuns.";

/** 'Nova palavra-passe' (with the hint) and its confirmation; ids from `id`, names from each input's props. */
export function NewPasswordInputs(props: {
  id: string;
  password: { name: string; error?: string; autoFocus?: boolean };
  confirm: { name: string; error?: string; autoFocus?: boolean };
}) {
  return (
    <>
      <PasswordInput
        id={`${props.id}-new`}
        label="Nova palavra-passe"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        {...props.password}
      />
      <PasswordInput
        id={`${props.id}-confirm`}
        label="Confirmar nova palavra-passe"
        autoComplete="new-password"
        {...props.confirm}
      />
    </>
  );
}

/**
 * The form's submit button. A form that needs script to be sent keeps it disabled until hydration (`hydrated`);
 * a posted form (decision 0015) works before, so it leaves `hydrated` out.
 */
export function SubmitButton(props: { busy: boolean; hydrated?: boolean; children: ReactNode; danger?: boolean }) {
  return (
    <button
      type="submit"
      disabled={props.busy || props.hydrated === false}
      className={`${focusRing} flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60 ${
        props.danger ? "bg-red-700 hover:bg-red-800" : "bg-gray-900 hover:bg-gray-700"
      }`}
    >
      {props.busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
      {props.children}
    </button>
  );
}

// The API 400's field errors: moved to the form pattern's helpers, re-exported for the admin's settings form.
export { fieldErrorsFrom } from "#app/lib/forms/form-result.ts";

export const NETWORK_ERROR = "Erro de rede: não foi possível conectar ao servidor.";
