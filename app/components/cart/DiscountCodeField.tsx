import { Loader2, Tag, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { writeDiscountCode } from "./discount-code.ts";

interface Props {
  /** The code the quote is asked with (null: none). */
  applied: string | null;
  /** The code the last quote applied (null: none, or not yet answered). */
  quoted: string | null;
  /** The server's pt-PT refusal of the last code tried, or null. */
  message: string | null;
  /** A quote is on its way. */
  updating: boolean;
  onClearMessage: () => void;
}

/**
 * Cart /carrinho, 'Código de desconto' (issue 20): the shopper types a code and applies it (Enter or 'Aplicar'); the
 * cart's quote is asked again with it and the server decides: the summary shows the discount, or the refusal appears
 * here (announced, tied to the field). An applied code can be removed. One code per order.
 */
export function DiscountCodeField({ applied, quoted, message, updating, onClearMessage }: Props) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const errorId = `${id}-erro`;
  // Codes match whatever the case: the quote names the code as the shop keeps it.
  const isQuoted = applied !== null && quoted !== null && quoted.toUpperCase() === applied.toUpperCase();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typed.trim();
    if (!code) return;
    onClearMessage();
    writeDiscountCode(code);
  };

  const remove = () => {
    onClearMessage();
    setTyped("");
    writeDiscountCode(null);
  };

  return (
    <div className="mt-4 border-b border-gray-200 pb-4">
      {applied ? (
        <div className="flex items-center justify-between gap-3">
          <p className="flex min-w-0 items-center gap-2 text-sm text-gray-800">
            <Tag className="size-4 shrink-0 text-green-700" aria-hidden="true" />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              Código de desconto <strong className="font-semibold">{isQuoted ? quoted : applied}</strong>
              {isQuoted ? " aplicado" : updating ? "…" : ""}
            </span>
          </p>
          <button
            type="button"
            onClick={remove}
            aria-label={`Remover o código de desconto ${applied}`}
            className={`${focusRing} inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-200`}
          >
            <X className="size-4" aria-hidden="true" />
            Remover
          </button>
        </div>
      ) : (
        <form onSubmit={apply} noValidate>
          <label htmlFor={id} className="block text-sm font-medium text-gray-900">
            Código de desconto
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              id={id}
              name="codigo_desconto"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
              className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none ${
                message ? "border-red-500" : "border-gray-300"
              }`}
            />
            <button
              type="submit"
              disabled={!typed.trim()}
              className={`${focusRing} inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-gray-900 px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-900 hover:text-white disabled:cursor-not-allowed disabled:opacity-50`}
            >
              {updating && typed ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              Aplicar
            </button>
          </div>
        </form>
      )}
      <div aria-live="assertive">
        {message ? (
          <p id={errorId} className="mt-2 text-sm text-red-700">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
