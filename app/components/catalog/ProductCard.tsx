import { ShoppingCart } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CatalogImage } from "./CatalogImage.tsx";
import { ReducedPrice, type PriceReduction } from "./ReducedPrice.tsx";

/** What a card needs of a product (ApiProduct and ApiProductListItem both fit, with `image` = first file). */
export interface CardProduct {
  id: number;
  name: string;
  /** Euros. */
  price: number;
  /**
   * The price as shown ("12,90 €"), formatted by the page's loader on the server: building the pt-PT currency
   * formatter costs a phone hundreds of milliseconds, so the home page never does it in the browser.
   */
  priceLabel: string;
  /** The main picture's file name ("" for none). */
  image: string;
  /** 1 in the shop, 0 out; only shown with showStatus (the admin grid). */
  status?: number;
  /** An automatic promotion's reduction (then `priceLabel` is the reduced price). */
  reduction?: PriceReduction;
}

/** The grid is 1 to 5 columns inside a 1280 px container (home page). */
export const PRODUCT_GRID_SIZES =
  "(min-width: 1280px) 240px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw";

export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export interface ProductCardProps {
  product: CardProduct | null | undefined;
  /** Status badge: green 'Produto na Loja' for status 1, red 'Produto fora da Loja' otherwise. */
  showStatus?: boolean;
  /** Where the picture and the name lead; the shop's product page by default. */
  href?: string;
  /** The cart shortcut (to the product page, where size and quantity are chosen). */
  showCartButton?: boolean;
  /** Above the fold: load the picture eagerly. */
  priority?: boolean;
  sizes?: string;
  /** Extra content under the price (e.g. the admin's stock badge and buttons); stays clickable. */
  children?: ReactNode;
}

/**
 * A product tile: picture, name, price (pt-PT, euro after) and a cart button. The whole card is
 * one link (a stretched link on the name, so the cart button can be a separate control without
 * nesting interactive elements).
 */
export function ProductCard({
  product,
  showStatus = false,
  href,
  showCartButton = true,
  priority = false,
  sizes = PRODUCT_GRID_SIZES,
  children,
}: ProductCardProps) {
  if (!product || !Number.isInteger(product.id) || product.id <= 0) {
    return (
      <div
        role="alert"
        className="grid aspect-square place-items-center rounded-xl border border-dashed border-red-300 bg-red-50 p-4 text-center text-sm font-medium text-red-700"
      >
        Produto inválido
      </div>
    );
  }

  const productHref = `/produto/${product.id}`;
  const target = href ?? productHref;
  const inShop = product.status === 1;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition focus-within:shadow-md hover:-translate-y-0.5 hover:shadow-md">
      <div className="relative aspect-square overflow-hidden bg-gray-50">
        <CatalogImage
          file={product.image}
          alt={product.name}
          width={640}
          height={640}
          sizes={sizes}
          priority={priority}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {showStatus && (
          <span
            className={`absolute top-2 left-2 rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm ${
              inShop ? "bg-green-600 text-white" : "bg-red-600 text-white"
            }`}
          >
            {inShop ? "Produto na Loja" : "Produto fora da Loja"}
          </span>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 text-sm leading-5 font-medium text-gray-900 sm:text-base">
          <Link
            to={target}
            className={`rounded-sm after:absolute after:inset-0 after:content-[''] ${focusRing} focus-visible:after:rounded-xl`}
          >
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto flex items-end justify-between gap-3">
          {product.reduction ? (
            <ReducedPrice priceLabel={product.priceLabel} reduction={product.reduction} />
          ) : (
            <p className="text-base font-semibold text-gray-900 tabular-nums">{product.priceLabel}</p>
          )}
          {showCartButton && (
            <Link
              to={productHref}
              aria-label={`Escolher tamanho e adicionar ao carrinho: ${product.name}`}
              title="Adicionar ao carrinho"
              className={`relative z-10 grid size-10 shrink-0 place-items-center rounded-full bg-gray-900 text-white transition-colors hover:bg-brand-600 ${focusRing}`}
            >
              <ShoppingCart className="size-5" aria-hidden="true" />
            </Link>
          )}
        </div>
        {children && <div className="relative z-10">{children}</div>}
      </div>
    </article>
  );
}
