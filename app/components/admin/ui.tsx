/**
 * The admin screens' small kit: page header, panels, buttons, loading / error / empty states,
 * a confirmation dialog (Radix AlertDialog, keyboard-accessible) and the stock-level badge. Every
 * admin page builds on these so they look and behave alike (data: route-data.tsx, decision 0010).
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Loader2 } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";

export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

const buttonBase = `${focusRing} inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60`;

/** Class names for buttons and links styled as buttons. */
export const buttonClass = {
  primary: `${buttonBase} bg-brand-600 text-white hover:bg-brand-700`,
  secondary: `${buttonBase} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800`,
  success: `${buttonBase} bg-green-700 text-white hover:bg-green-800`,
} as const;

export const inputClass = `${focusRing} block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500`;
export const labelClass = "mb-1 block text-sm font-medium text-gray-800";

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-gray-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Panel({
  title,
  children,
  className = "",
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
      {title ? <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2> : null}
      {children}
    </section>
  );
}

export function LoadingState({ label = "Carregando..." }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-gray-700">
      <Loader2 aria-hidden="true" className="size-6 animate-spin" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorPanel({
  message,
  onRetry,
  retryLabel = "Tentar Novamente",
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={`${buttonClass.danger} mt-3`}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** Horizontal scroll around wide tables, so every table stays usable at 375 px. */
export function TableWrap({ children, label }: { children: ReactNode; label?: string }) {
  return (
    // A scrollable region must be focusable to be reachable by keyboard (axe: scrollable-region-focusable).
    <div
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label={label ?? "Tabela"}
    >
      {children}
    </div>
  );
}
export const thClass = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase";
export const tdClass = "px-3 py-2 text-sm text-gray-900 whitespace-nowrap";

/** A variant's stock level on /gestao-stock and the product screens: 0 Sem Stock (red), 1–10 Stock Baixo (yellow), above 10 Stock OK (green). */
export function stockLevel(stock: number): { label: string; className: string } {
  if (stock <= 0) return { label: "Sem Stock", className: "bg-red-100 text-red-800" };
  if (stock <= 10) return { label: "Stock Baixo", className: "bg-yellow-100 text-yellow-900" };
  return { label: "Stock OK", className: "bg-green-100 text-green-800" };
}

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>
      {children}
    </span>
  );
}

interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

/**
 * A promise-based confirmation: `if (await confirm("Tens a certeza…?")) …`. Render `dialog` once in
 * the page. Radix gives focus trapping, Escape to cancel and the alertdialog role.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = useCallback(
    (message: string, confirmLabel = "Confirmar") =>
      new Promise<boolean>((resolve) => setRequest({ message, confirmLabel, resolve })),
    [],
  );
  const close = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  const dialog = (
    <AlertDialog.Root open={request !== null} onOpenChange={(open) => !open && close(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">Confirmação</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-800">{request?.message}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass.secondary}>Cancelar</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass.danger} onClick={() => close(true)}>
              {request?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
  return { confirm, dialog };
}
