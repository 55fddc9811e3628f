import { Link } from "react-router";
import { CatalogImage } from "./CatalogImage.tsx";
import { focusRing } from "./ProductCard.tsx";

export interface ModelItem {
  id: number;
  name: string;
  /** Main picture file name. */
  image: string;
}

/**
 * 'Produtos do Modelo' on /produto/{id}: the current product and the other products of its
 * model as small picture buttons. Choosing one opens that product's page (its own pictures,
 * sizes and stock are loaded on the server; the chosen size starts empty again).
 */
export function ModelStrip({ items, currentId }: { items: readonly ModelItem[]; currentId: number }) {
  const current = items.find((item) => item.id === currentId);
  return (
    <section aria-labelledby="modelo-titulo">
      <h2 id="modelo-titulo" className="text-sm font-semibold text-gray-900">
        Produtos do Modelo
        {items.length > 1 && current && (
          <span className="ml-1 font-normal text-gray-600">
            <span aria-hidden="true">·</span> {current.name}
          </span>
        )}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => {
          const isCurrent = item.id === currentId;
          return (
            <li key={item.id}>
              <Link
                to={`/produto/${item.id}`}
                preventScrollReset
                aria-current={isCurrent ? "page" : undefined}
                aria-label={item.name}
                title={item.name}
                className={`block size-16 overflow-hidden rounded-lg border-2 bg-gray-50 transition sm:size-[4.5rem] ${
                  isCurrent ? "border-gray-900" : "border-gray-200 hover:border-gray-400"
                } ${focusRing}`}
              >
                <CatalogImage
                  file={item.image}
                  alt=""
                  width={144}
                  height={144}
                  sizes="72px"
                  className="size-full object-cover"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
