import { Link } from "react-router";
import { focusRing } from "./ProductCard.tsx";

/** The static tiles of the home page (/), in this order. */
export const CATEGORY_TILES = ["Canecas", "T-shirts", "Agendas"] as const;
export type CategoryTileName = (typeof CATEGORY_TILES)[number];

/**
 * Each tile's own picture, shipped with the app (public/images/categorias, drawn by
 * scripts/draw-category-tiles.ts): never a product's, so a new or test product cannot appear here.
 */
const TILE_IMAGE_WIDTHS = [400, 800] as const;
const TILE_FILES: Record<CategoryTileName, string> = {
  Canecas: "/images/categorias/canecas",
  "T-shirts": "/images/categorias/t-shirts",
  Agendas: "/images/categorias/agendas",
};

export function tileImage(name: CategoryTileName): { src: string; srcSet: string } {
  const base = TILE_FILES[name];
  return {
    src: `${base}-${TILE_IMAGE_WIDTHS[0]}.webp`,
    srcSet: TILE_IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(", "),
  };
}

/**
 * The tiles, each linking to its category page (`/categoria/{slug}`); `hrefs` comes from the loader, which
 * knows the slug rule (server code). `active` marks the tile of the page being shown.
 */
export function CategoryTiles({
  hrefs,
  active = null,
}: {
  hrefs: Record<CategoryTileName, string>;
  active?: string | null;
}) {
  return (
    <ul className="mt-6 grid grid-cols-3 gap-3 sm:gap-6">
      {CATEGORY_TILES.map((name) => {
        const isActive = active !== null && active.toLowerCase() === name.toLowerCase();
        const image = tileImage(name);
        return (
          <li key={name}>
            <Link
              to={hrefs[name]}
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
