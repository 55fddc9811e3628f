import { Loader2, RotateCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { Badge, buttonClass } from "#app/components/admin/ui.tsx";
import type { CardStock } from "./product-api.ts";

/**
 * A grid card's 'Stock: N' badge (/produtos), from the grid's loader: Carregando... until the
 * loader has read this card's stock (a card just shown by the search or 'Mostrar mais'), Erro
 * (message and 'Tentar Novamente', which reloads the grid's data; 'Falha ao recarregar dados' if
 * it fails again), 'Stock: N', or N/A when the answer has no number.
 */
export function StockBadge({ stock }: { stock: CardStock | undefined }) {
  const revalidator = useRevalidator();
  const retrying = useRef(false);

  useEffect(() => {
    if (!retrying.current || revalidator.state !== "idle") return;
    retrying.current = false;
    if (stock && "error" in stock) toast.error("Falha ao recarregar dados");
  }, [revalidator.state, stock]);

  if (!stock) {
    return (
      <Badge className="bg-gray-100 text-gray-800">
        <Loader2 aria-hidden="true" className="mr-1 size-3 animate-spin" />
        Carregando...
      </Badge>
    );
  }
  if ("error" in stock) {
    return (
      <div role="alert" className="flex flex-col items-start gap-1 text-xs text-red-800">
        <span>
          <strong>Erro:</strong> {stock.error}
        </span>
        <button
          type="button"
          onClick={() => {
            retrying.current = true;
            void revalidator.revalidate();
          }}
          className={`${buttonClass.secondary} px-2 py-1 text-xs`}
        >
          <RotateCw aria-hidden="true" className="size-3" />
          Tentar Novamente
        </button>
      </div>
    );
  }
  if (stock.total === null) return <Badge className="bg-gray-100 text-gray-800">N/A</Badge>;
  const tone =
    stock.total <= 0
      ? "bg-red-100 text-red-800"
      : stock.total <= 10
        ? "bg-yellow-100 text-yellow-900"
        : "bg-blue-100 text-blue-900";
  return <Badge className={tone}>Stock: {stock.total}</Badge>;
}
