/**
 * Form pieces shared by the dashboard's small admin forms (users, banners, colours, sizes,
 * categories, variants): a labelled field with its error and hint wired through aria-describedby,
 * a text field bound to react-hook-form, and the submit button.
 */
import type { LucideIcon } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { buttonClass, inputClass, labelClass } from "#app/components/admin/ui.tsx";

export const fieldErrorClass = "mt-1 text-sm text-red-700";

/** Class of an input, red-bordered while it has an error. */
export function fieldInputClass(base: string, invalid: boolean): string {
  return invalid ? `${base} border-red-500` : base;
}

/**
 * A label, the control (rendered by `children` with the generated id and aria props), an
 * optional hint and the error text.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled one-line text input bound to a react-hook-form field (`registration`), red-bordered
 * with its error under it. Other input attributes (placeholder, list, autoComplete…) pass through.
 */
export function TextField({
  label,
  error,
  registration,
  ...inputProps
}: {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className" | "id" | keyof UseFormRegisterReturn>) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type="text"
          {...inputProps}
          className={fieldInputClass(inputClass, !!error)}
          {...registration}
        />
      )}
    </Field>
  );
}

/** A form's primary submit button: its icon and label, "Aguarde..." and disabled while `busy`. */
export function SubmitButton({ icon: Icon, busy, children }: { icon: LucideIcon; busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={buttonClass.primary} disabled={busy}>
      <Icon aria-hidden="true" className="size-4" />
      {busy ? "Aguarde..." : children}
    </button>
  );
}
