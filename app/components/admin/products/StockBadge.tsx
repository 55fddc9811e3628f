import { Loader2, RotateCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "#app/lib/toast.tsx";
import { Badge, buttonClass } from "../ui.tsx";
import { fetchTotalStock } from "./product-api.ts";

type StockState = { kind: "loading" } | { kind: "loaded"; total: number | null } | { kind: "error"; message: string };

/**
 * The card's 'Stock: N' badge (spec section 4): Carregando..., Erro (message and
 * 'Tentar Novamente'), 'Stock: N', or N/A when the answer has no number.
 * `version` changes make it fetch again (e.g. after the list changed).
 */
export function StockBadge({ productId, version = 0 }: { productId: number | undefined; version?: number }) {
  const [state, setState] = useState<StockState>({ kind: "loading" });
  const ticket = useRef(0);

  const load = useCallback(
    async (retry: boolean) => {
      const mine = ++ticket.current;
      if (retry) setState({ kind: "loading" });
      const result = await fetchTotalStock(productId);
      if (mine !== ticket.current) return;
      if (result.ok) {
        setState({ kind: "loaded", total: result.total });
      } else {
        setState({ kind: "error", message: result.message });
        if (retry) toast.error("Falha ao recarregar dados");
      }
    },
    [productId],
  );

  useEffect(() => {
    void load(false);
    return () => {
      ticket.current++;
    };
  }, [load, version]);

  if (state.kind === "loading") {
    return (
      <Badge className="bg-gray-100 text-gray-800">
        <Loader2 aria-hidden="true" className="mr-1 size-3 animate-spin" />
        Carregando...
      </Badge>
    );
  }
  if (state.kind === "error") {
    return (
      <div role="alert" className="flex flex-col items-start gap-1 text-xs text-red-800">
        <span>
          <strong>Erro:</strong> {state.message}
        </span>
        <button type="button" onClick={() => void load(true)} className={`${buttonClass.secondary} px-2 py-1 text-xs`}>
          <RotateCw aria-hidden="true" className="size-3" />
          Tentar Novamente
        </button>
      </div>
    );
  }
  if (state.total === null) return <Badge className="bg-gray-100 text-gray-800">N/A</Badge>;
  const tone =
    state.total <= 0
      ? "bg-red-100 text-red-800"
      : state.total <= 10
        ? "bg-yellow-100 text-yellow-900"
        : "bg-blue-100 text-blue-900";
  return <Badge className={tone}>Stock: {state.total}</Badge>;
}
