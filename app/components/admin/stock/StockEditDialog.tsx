/**
 * The stock edit dialog shared by /gestao-stock and /stock-baixo (Radix Dialog: focus trap,
 * Escape closes, labelled by its title). Validates like the API (empty or negative → 'Stock deve
 * ser um número positivo'; sent as an integer) and submits to the screen's clientAction
 * (stock/actions.ts), which PUTs /api/stock/variant/{id}; the screen's loaders then revalidate.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { buttonClass, focusRing, inputClass, labelClass } from "#app/components/admin/ui.tsx";
import { currentStockIn, type StockEdit } from "./actions.ts";
import { STOCK_INVALID, STOCK_UPDATE_FAILED, STOCK_UPDATED, type StockVariant, variantLabel } from "./types.ts";

export interface StockEditTarget {
  productName: string;
  variant: StockVariant;
}

/** Empty, negative or not a whole number → null. */
export function parseStock(raw: string): number | null {
  const text = raw.trim();
  if (text === "" || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** The dialog's error line for a refused edit. */
function refusal(result: ActionResult): string {
  if (currentStockIn(result) !== undefined) return result.message ?? STOCK_UPDATE_FAILED;
  const detail = result.message;
  return detail && detail !== STOCK_UPDATE_FAILED ? `${STOCK_UPDATE_FAILED}: ${detail}` : STOCK_UPDATE_FAILED;
}

interface DialogProps {
  target: StockEditTarget | null;
  defaultReason: string;
  onClose: () => void;
  /** After a successful edit, with the edited variant's id. */
  onSaved: (variantId: number) => void;
}

/** Each opening mounts a fresh form: it starts from the variant's current stock and the screen's default reason. */
export function StockEditDialog({ target, ...props }: DialogProps) {
  return target ? <StockEditForm key={target.variant.id} target={target} {...props} /> : null;
}

function StockEditForm({ target, defaultReason, onClose, onSaved }: DialogProps & { target: StockEditTarget }) {
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  const [stock, setStock] = useState(String(target.variant.stock));
  const [reason, setReason] = useState(defaultReason);
  const [notes, setNotes] = useState("");
  const [invalid, setInvalid] = useState(false);
  // The shelf stock this admin saw when opening; a 409 answer brings the figure changed meanwhile,
  // and the next 'Guardar' is against that one.
  const [openedStock] = useState(target.variant.stock);
  // The refusal the admin has started correcting (typing hides its message).
  const [dismissed, setDismissed] = useState<ActionResult | undefined>(undefined);
  const result = fetcher.data;
  const saving = fetcher.state !== "idle";
  const seenStock = currentStockIn(result) ?? openedStock;
  const error = invalid ? STOCK_INVALID : result && !result.ok && result !== dismissed ? refusal(result) : null;

  useFetcherToast(fetcher, {
    success: STOCK_UPDATED,
    failure: STOCK_UPDATE_FAILED,
    onDone: () => {
      onSaved(target.variant.id);
      onClose();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const newStock = parseStock(stock);
    if (newStock === null) {
      setInvalid(true);
      toast.error(STOCK_INVALID);
      return;
    }
    setInvalid(false);
    const edit: StockEdit = {
      intent: "stock",
      variantId: target.variant.id,
      newStock,
      expectedStock: seenStock,
      reason: reason.trim() || defaultReason,
      notes: notes.trim(),
    };
    void fetcher.submit({ ...edit }, { method: "post", encType: "application/json" });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Atualizar stock</Dialog.Title>
            <Dialog.Close
              className={`${focusRing} -m-1 rounded-md p-1 text-gray-700 hover:bg-gray-100`}
              aria-label="Fechar"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-gray-700">
            {target.productName} — {variantLabel(target.variant)}. Stock atual:{" "}
            <strong data-testid="stock-atual">{seenStock}</strong>
          </Dialog.Description>

          <form method="post" onSubmit={submit} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor={`${id}-stock`} className={labelClass}>
                Novo stock
              </label>
              <input
                id={`${id}-stock`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={stock}
                onChange={(e) => {
                  setStock(e.target.value);
                  setInvalid(false);
                  setDismissed(result);
                }}
                aria-invalid={error === STOCK_INVALID}
                aria-describedby={error ? `${id}-error` : undefined}
                className={inputClass}
                autoFocus
              />
            </div>
            <div>
              <label htmlFor={`${id}-reason`} className={labelClass}>
                Motivo
              </label>
              <input
                id={`${id}-reason`}
                type="text"
                maxLength={200}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor={`${id}-notes`} className={labelClass}>
                Notas
              </label>
              <textarea
                id={`${id}-notes`}
                rows={3}
                maxLength={1000}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                className={inputClass}
              />
            </div>
            {error ? (
              <p
                id={`${id}-error`}
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
              >
                {error}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close type="button" className={buttonClass.secondary} disabled={saving}>
                Cancelar
              </Dialog.Close>
              <button type="submit" className={buttonClass.primary} disabled={saving}>
                {saving ? "A guardar..." : "Guardar"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
