import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import type { StoredCartLine } from "#app/lib/storage.ts";
import { toast } from "#app/lib/toast.tsx";
import { MAX_UNITS_PER_LINE, ORDER_MESSAGES } from "#server/modules/orders/rules.ts";
import { lineKey, setLineQuantity } from "./cart-lines.ts";

/** Cart /carrinho: − / number / + for one line; a typed number counts on Enter or when the field loses focus. */
export function QuantityControl({ line }: { line: StoredCartLine }) {
  const key = lineKey(line);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    if (Number.isFinite(n) && n >= 1) setLineQuantity(key, n);
    else toast.error(ORDER_MESSAGES.quantity);
    setDraft(null);
  };
  const button = `${focusRing} grid size-9 place-items-center text-gray-700 hover:bg-gray-100 disabled:opacity-40 disabled:hover:bg-transparent`;
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-gray-300">
      <button
        type="button"
        className={button}
        aria-label={`Diminuir quantidade de ${line.name}`}
        disabled={line.quantidade <= 1}
        onClick={() => setLineQuantity(key, line.quantidade - 1)}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_UNITS_PER_LINE}
        aria-label={`Quantidade de ${line.name}`}
        value={draft ?? String(line.quantidade)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
        className="h-9 w-12 [appearance:textfield] border-x border-gray-300 text-center text-sm text-gray-900 outline-none focus:bg-brand-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={button}
        aria-label={`Aumentar quantidade de ${line.name}`}
        disabled={line.quantidade >= MAX_UNITS_PER_LINE}
        onClick={() => setLineQuantity(key, line.quantidade + 1)}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
