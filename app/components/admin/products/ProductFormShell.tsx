import { Loader2 } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { PRODUCT_TEXT } from "./product-api.ts";

/** A red alert line across the product form (a missing field, the server's answer). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2"
    >
      {children}
    </p>
  );
}

/**
 * The product form's frame on /produtos/criar and /produtos/editar/{id}: the two-column grid, the
 * 'Por favor, preencha todos os campos obrigatórios.' alert when a required field is empty, the
 * page's fields, and 'Cancelar' (back to /produtos) beside the submit button, which shows
 * `busyLabel` while the fetcher runs.
 */
export function ProductFormShell({
  onSubmit,
  busy,
  missingRequired,
  submitLabel,
  busyLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  missingRequired: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-5 sm:grid-cols-2"
      aria-busy={busy}
    >
      {missingRequired && <FormAlert>{PRODUCT_TEXT.required}</FormAlert>}
      {children}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Link to="/produtos" className={buttonClass.secondary}>
          Cancelar
        </Link>
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
