/**
 * The stock edit dialog shared by /gestao-stock and /stock-baixo (Radix Dialog: focus trap,
 * Escape closes, labelled by its title). Validates per spec section 5 (empty or negative →
 * 'Stock deve ser um número positivo'; sent as an integer) and PUTs /api/stock/variant/{id}.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "#app/lib/toast.tsx";
import { apiPut, messageFrom } from "#app/lib/api.ts";
import { buttonClass, focusRing, inputClass, labelClass } from "../ui.tsx";
import {
  STOCK_INVALID,
  STOCK_UPDATE_FAILED,
  STOCK_UPDATED,
  type StockUpdateAnswer,
  type StockVariant,
  variantLabel,
} from "./types.ts";

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

/** The current stock a 409 answer carries (`details.currentStock`), if any. */
function currentStockIn(data: unknown): number | undefined {
  const details = (data as { details?: { currentStock?: unknown } } | null)?.details;
  return typeof details?.currentStock === "number" ? details.currentStock : undefined;
}

export function StockEditDialog({
  target,
  defaultReason,
  onClose,
  onSaved,
}: {
  target: StockEditTarget | null;
  defaultReason: string;
  onClose: () => void;
  onSaved: (answer: StockUpdateAnswer) => void;
}) {
  const id = useId();
  const [stock, setStock] = useState("");
  const [reason, setReason] = useState(defaultReason);
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The shelf stock this admin has seen; sent with the edit so a change made meanwhile (a
  // checkout reserved units) is answered 409 with the new value instead of being overwritten.
  const [seenStock, setSeenStock] = useState(0);

  // Each opening starts from the variant's current stock and the screen's default reason.
  useEffect(() => {
    if (!target) return;
    setSeenStock(target.variant.stock);
    setStock(String(target.variant.stock));
    setReason(defaultReason);
    setNotes("");
    setError(null);
  }, [target, defaultReason]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || saving) return;
    const newStock = parseStock(stock);
    if (newStock === null) {
      setError(STOCK_INVALID);
      toast.error(STOCK_INVALID);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const response = await apiPut<StockUpdateAnswer>(`/api/stock/variant/${target.variant.id}`, {
        newStock,
        expectedStock: seenStock,
        reason: reason.trim() || defaultReason,
        notes: notes.trim(),
      });
      if (response.ok && response.data?.success !== false && response.data) {
        toast.success(response.data.message || STOCK_UPDATED);
        onSaved(response.data);
        onClose();
      } else if (response.status === 409 && typeof currentStockIn(response.data) === "number") {
        // Changed since this screen read it: show the new figure; the next 'Guardar' is against it.
        setSeenStock(currentStockIn(response.data)!);
        const detail = messageFrom(response.data) ?? STOCK_UPDATE_FAILED;
        setError(detail);
        toast.error(STOCK_UPDATE_FAILED, { description: detail });
      } else {
        const detail = messageFrom(response.data);
        setError(detail && detail !== STOCK_UPDATE_FAILED ? `${STOCK_UPDATE_FAILED}: ${detail}` : STOCK_UPDATE_FAILED);
        toast.error(STOCK_UPDATE_FAILED, detail ? { description: detail } : undefined);
      }
    } catch {
      setError(STOCK_UPDATE_FAILED);
      toast.error(STOCK_UPDATE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && !saving && onClose()}>
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
            {target ? (
              <>
                {target.productName} — {variantLabel(target.variant)}. Stock atual:{" "}
                <strong data-testid="stock-atual">{seenStock}</strong>
              </>
            ) : null}
          </Dialog.Description>

          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
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
                  setError(null);
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
