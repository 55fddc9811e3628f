/**
 * Form pieces shared by the dashboard's small admin forms (users, banners, colours, sizes,
 * categories, variants): a labelled field with its error and hint wired through aria-describedby.
 */
import { type ReactNode, useId } from "react";
import { labelClass } from "../ui.tsx";

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
