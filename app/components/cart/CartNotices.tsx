import { AlertCircle } from "lucide-react";
import { formatEuros } from "#app/lib/format.ts";
import type { PriceChange } from "#app/hooks/useCartCheck.ts";

/** Cart /carrinho: why the last checkout attempt stopped (hidden while the delivery dialog is open). */
export function CheckoutErrorNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-6 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <AlertCircle className="size-5 shrink-0 text-red-600" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/** Cart /carrinho: the prices the cart check brought up to date, before → after. */
export function PriceChangesNotice({ changes }: { changes: readonly PriceChange[] }) {
  return (
    <div role="status" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-semibold">Alguns preços mudaram desde que adicionou os artigos; o total foi atualizado:</p>
      <ul className="mt-1 list-disc pl-5">
        {changes.map((c, i) => (
          <li key={`${c.name}-${i}`}>
            {c.name}: {formatEuros(c.before)} → {formatEuros(c.after)}
          </li>
        ))}
      </ul>
    </div>
  );
}
