import { Pencil, PlusCircle, MinusCircle, Trash2 } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { formatEuros } from "#app/lib/format.ts";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { firstImage } from "#app/components/catalog/image-urls.ts";
import type { ActionResult } from "#app/components/admin/route-data.tsx";
import { focusRing } from "#app/components/admin/ui.tsx";
import type { CardChange } from "./product-actions.ts";
import { type ApiProductListItem, type CardStock, PRODUCT_TEXT } from "./product-api.ts";
import { StockBadge } from "./StockBadge.tsx";

const GRID_SIZES =
  "(min-width: 1280px) 220px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw";

const smallButton = `${focusRing} inline-flex items-center justify-center gap-1 rounded-md px-2 py-1.5 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60`;

/** The status badge of the grid's cards and the product pages: green 'Produto na Loja' for 1, red 'Produto fora da Loja' otherwise. */
export function StatusBadge({ status }: { status: number }) {
  const inShop = status === 1;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm ${
        inShop ? "bg-green-700 text-white" : "bg-red-700 text-white"
      }`}
    >
      {inShop ? PRODUCT_TEXT.inShop : PRODUCT_TEXT.outOfShop}
    </span>
  );
}

export interface AdminProductCardProps {
  product: ApiProductListItem;
  /** The card's stock from the grid's loader; undefined while it is being read. */
  stock: CardStock | undefined;
  /** Asks before deleting (the grid's confirmation dialog). */
  confirm: (message: string, confirmLabel: string) => Promise<boolean>;
}

/**
 * A card of /produtos: picture, name, price, status, stock, and the four actions. Adding to the
 * shop, taking out of it and deleting go to the grid's clientAction through the card's own fetcher
 * (its buttons wait while it runs), which shows the toast; the grid's data is then reloaded.
 */
export function AdminProductCard({ product, stock, confirm }: AdminProductCardProps) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const change = (intent: CardChange["intent"]) =>
    void fetcher.submit({ intent, id: product.id } satisfies CardChange, {
      method: "post",
      encType: "application/json",
    });
  const remove = async () => {
    if (await confirm(PRODUCT_TEXT.deleteConfirm, "Eliminar")) change("delete");
  };
  const detailHref = `/produtos/editprodutos/${product.id}`;
  return (
    <article className="@container flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <Link
        to={detailHref}
        className={`relative block aspect-square overflow-hidden bg-gray-50 ${focusRing}`}
        tabIndex={-1}
        aria-hidden="true"
      >
        <CatalogImage
          file={firstImage(product.image)}
          alt=""
          width={480}
          height={480}
          sizes={GRID_SIZES}
          className="size-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div>
          <StatusBadge status={product.status} />
        </div>
        <h2 className="line-clamp-2 text-sm leading-5 font-medium text-gray-900">
          <Link to={detailHref} className={`rounded-sm hover:underline ${focusRing}`}>
            {product.name}
          </Link>
        </h2>
        <p className="text-base font-semibold text-gray-900 tabular-nums">{formatEuros(product.price)}</p>
        <div>
          <StockBadge stock={stock} />
        </div>
        <div className="mt-auto grid grid-cols-1 gap-1.5 pt-1 @[10rem]:grid-cols-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => change("add")}
            aria-label={`Adicionar à loja: ${product.name}`}
            className={`${smallButton} bg-green-700 text-white hover:bg-green-800`}
          >
            <PlusCircle aria-hidden="true" className="hidden size-3.5 shrink-0 @[15rem]:block" />
            Adicionar
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => change("remove")}
            aria-label={`Retirar da loja: ${product.name}`}
            className={`${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
          >
            <MinusCircle aria-hidden="true" className="hidden size-3.5 shrink-0 @[15rem]:block" />
            Retirar
          </button>
          <Link
            to={`/produtos/editar/${product.id}`}
            aria-label={`Editar: ${product.name}`}
            className={`${smallButton} bg-brand-600 text-white hover:bg-brand-700`}
          >
            <Pencil aria-hidden="true" className="hidden size-3.5 shrink-0 @[15rem]:block" />
            Editar
          </Link>
          <button
            type="button"
            disabled={busy}
            onClick={() => void remove()}
            aria-label={`Eliminar: ${product.name}`}
            className={`${smallButton} bg-red-700 text-white hover:bg-red-800`}
          >
            <Trash2 aria-hidden="true" className="hidden size-3.5 shrink-0 @[15rem]:block" />
            Eliminar
          </button>
        </div>
      </div>
    </article>
  );
}

/** A card that throws while rendering shows 'Algo deu errado.' instead of breaking the grid. */
export class CardBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <div
          role="alert"
          className="grid min-h-40 place-items-center rounded-xl border border-dashed border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800"
        >
          Algo deu errado.
        </div>
      );
    }
    return this.props.children;
  }
}
