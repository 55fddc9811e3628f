import { Link } from "react-router";
import { focusRing } from "./ProductCard.tsx";

/** The static tiles of the home page (/), in this order. */
export const CATEGORY_TILES = ["Canecas", "T-shirts", "Agendas"] as const;

/**
 * Each tile's own picture, shipped with the app (public/images/categorias, drawn by
 * scripts/draw-category-tiles.ts): never a product's, so a new or test product cannot appear here.
 */
const TILE_IMAGE_WIDTHS = [400, 800] as const;
const TILE_FILES: Record<(typeof CATEGORY_TILES)[number], string> = {
  Canecas: "/images/categorias/canecas",
  "T-shirts": "/images/categorias/t-shirts",
  Agendas: "/images/categorias/agendas",
};

export function tileImage(name: (typeof CATEGORY_TILES)[number]): { src: string; srcSet: string } {
  const base = TILE_FILES[name];
  return {
    src: `${base}-${TILE_IMAGE_WIDTHS[0]}.webp`,
    srcSet: TILE_IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(", "),
  };
}

/** "/?categoria=T-shirts#artigos": the home page filtered by the loader, scrolled to the grid. */
export function categoryHref(name: string): string {
  return `/?${new URLSearchParams({ categoria: name })}#artigos`;
}

export function CategoryTiles({ active }: { active: string | null }) {
  return (
    <ul className="mt-6 grid grid-cols-3 gap-3 sm:gap-6">
      {CATEGORY_TILES.map((name) => {
        const isActive = active !== null && active.toLowerCase() === name.toLowerCase();
        const image = tileImage(name);
        return (
          <li key={name}>
            <Link
              to={categoryHref(name)}
              preventScrollReset
              aria-current={isActive ? "page" : undefined}
              className={`group block rounded-xl ${focusRing}`}
            >
              <div
                className={`relative aspect-square overflow-hidden rounded-xl border-2 bg-gray-50 shadow-sm transition sm:aspect-[4/3] ${
                  isActive ? "border-brand-500" : "border-transparent group-hover:shadow-md"
                }`}
              >
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="(min-width: 1280px) 400px, 33vw"
                  alt=""
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
              </div>
              <span
                className={`mt-2 block text-center text-sm font-semibold sm:text-base ${
                  isActive ? "text-brand-600" : "text-gray-900 group-hover:text-brand-600"
                }`}
              >
                {name}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
