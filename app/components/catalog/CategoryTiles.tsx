import { BookOpen, Coffee, Shirt, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { CatalogImage } from "./CatalogImage.tsx";
import { focusRing } from "./ProductCard.tsx";

/** The static tiles of the home page (spec section 2), in this order. */
export const CATEGORY_TILES = ["Canecas", "T-shirts", "Agendas"] as const;

const ICONS: Record<string, LucideIcon> = { Canecas: Coffee, "T-shirts": Shirt, Agendas: BookOpen };
const TINTS: Record<string, string> = {
  Canecas: "from-sky-100 to-blue-200 text-blue-700",
  "T-shirts": "from-rose-100 to-orange-200 text-rose-700",
  Agendas: "from-amber-100 to-lime-200 text-amber-800",
};

export interface CategoryTile {
  name: string;
  /** The first picture of a product of that category, "" for none. */
  image: string;
}

/** "/?categoria=T-shirts#artigos": the home page filtered by the loader, scrolled to the grid. */
export function categoryHref(name: string): string {
  return `/?${new URLSearchParams({ categoria: name })}#artigos`;
}

export function CategoryTiles({ tiles, active }: { tiles: readonly CategoryTile[]; active: string | null }) {
  return (
    <ul className="mt-6 grid grid-cols-3 gap-3 sm:gap-6">
      {tiles.map((tile) => {
        const Icon = ICONS[tile.name] ?? Shirt;
        const isActive = active !== null && active.toLowerCase() === tile.name.toLowerCase();
        return (
          <li key={tile.name}>
            <Link
              to={categoryHref(tile.name)}
              preventScrollReset
              aria-current={isActive ? "page" : undefined}
              className={`group block rounded-xl ${focusRing}`}
            >
              <div
                className={`relative aspect-square overflow-hidden rounded-xl border-2 bg-gray-50 shadow-sm transition sm:aspect-[4/3] ${
                  isActive ? "border-brand-500" : "border-transparent group-hover:shadow-md"
                }`}
              >
                {tile.image ? (
                  <CatalogImage
                    file={tile.image}
                    alt=""
                    width={640}
                    height={480}
                    sizes="(min-width: 1280px) 400px, 33vw"
                    className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    className={`grid size-full place-items-center bg-gradient-to-br ${TINTS[tile.name] ?? "from-gray-100 to-gray-200 text-gray-600"}`}
                  >
                    <Icon className="size-1/3" strokeWidth={1.5} />
                  </div>
                )}
              </div>
              <span
                className={`mt-2 block text-center text-sm font-semibold sm:text-base ${
                  isActive ? "text-brand-600" : "text-gray-900 group-hover:text-brand-600"
                }`}
              >
                {tile.name}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
