import { ChevronLeft, ChevronRight, SearchX, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { ProductCard, focusRing, type CardProduct } from "#app/components/catalog/ProductCard.tsx";
import { SearchFilters } from "./SearchFilters.tsx";
import type { SearchPageData } from "./search-page.server.ts";
import { hrefOf, pageHref, pageNumbers, withoutPage, withoutValue } from "./search-url.ts";

const SORTS = [
  { value: "relevancia", label: "Relevância" },
  { value: "preco-asc", label: "Preço: mais baixo" },
  { value: "preco-desc", label: "Preço: mais alto" },
  { value: "novidades", label: "Novidades" },
] as const;

const GRID_SIZES = "(min-width: 1280px) 230px, (min-width: 768px) 30vw, 50vw";

const articles = (n: number) => (n === 1 ? "1 artigo" : `${n.toLocaleString("pt-PT")} artigos`);

/** The active filters, each a link that removes it (works without JavaScript). */
function activeFilters(page: SearchPageData, params: URLSearchParams) {
  const { selected, path } = page;
  const chips: Array<{ label: string; href: string }> = [];
  if (page.kind === "pesquisa")
    for (const v of selected.categorias) chips.push({ label: v, href: withoutValue(path, params, "categoria", v) });
  for (const v of selected.cores) chips.push({ label: `Cor: ${v}`, href: withoutValue(path, params, "cor", v) });
  for (const v of selected.tamanhos)
    chips.push({ label: `Tamanho: ${v}`, href: withoutValue(path, params, "tamanho", v) });
  if (selected.precoMin)
    chips.push({ label: `Desde ${selected.precoMin} €`, href: withoutValue(path, params, "preco_min") });
  if (selected.precoMax)
    chips.push({ label: `Até ${selected.precoMax} €`, href: withoutValue(path, params, "preco_max") });
  if (selected.emStock) chips.push({ label: "Em stock", href: withoutValue(path, params, "em_stock") });
  return chips;
}

interface MorePages {
  /** The history entry (location.key) and the search (path and query) these pages belong to. */
  entry: string;
  key: string;
  products: CardProduct[];
  last: number;
  from: unknown;
}

const storageName = (entry: string) => `loja-ver-mais:${entry}`;

/**
 * The pages 'Ver mais' appended to this history entry, kept in sessionStorage: back from a product page shows them
 * again (and the scroll position they gave). Only after hydration: the server's HTML has the server's page alone.
 */
function restoreMore(entry: string, key: string): MorePages | null {
  if (typeof document === "undefined" || document.documentElement.dataset.hydrated !== "true") return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageName(entry)) ?? "null") as MorePages | null;
    return saved && saved.key === key && Array.isArray(saved.products) ? { ...saved, entry, from: null } : null;
  } catch {
    return null;
  }
}

/**
 * The pages appended by 'Ver mais' (a fetcher on the same loader) for the search shown; a new search (another
 * URL: filter, sort, page) starts again from the server's page.
 */
function useMorePages(page: SearchPageData, searchKey: string, entry: string) {
  const fetcher = useFetcher<SearchPageData>();
  const fresh = (): MorePages => ({
    entry,
    key: searchKey,
    products: [],
    last: page.pagina,
    from: fetcher.data ?? null,
  });
  const [more, setMore] = useState<MorePages>(() => restoreMore(entry, searchKey) ?? fresh());
  let current = more;
  if (more.entry !== entry || more.key !== searchKey) {
    current = restoreMore(entry, searchKey) ?? fresh();
    current.from = fetcher.data ?? null;
    setMore(current);
  } else if (fetcher.data && fetcher.data !== more.from && fetcher.data.pagina === more.last + 1) {
    current = {
      ...more,
      products: [...more.products, ...fetcher.data.products],
      last: fetcher.data.pagina,
      from: fetcher.data,
    };
    setMore(current);
  }

  useEffect(() => {
    if (more.products.length === 0) return;
    try {
      const { entry: _entry, from: _from, ...saved } = more;
      sessionStorage.setItem(storageName(more.entry), JSON.stringify(saved));
    } catch {
      // Storage full or refused: 'Ver mais' still works, only the way back forgets it.
    }
  }, [more]);

  return { fetcher, products: current.products, last: current.last };
}

export function SearchPage({ page, heading }: { page: SearchPageData; heading: React.ReactNode }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const {
    fetcher,
    products: appended,
    last,
  } = useMorePages(page, `${location.pathname}${location.search}`, location.key);
  const products = [...page.products, ...appended];
  const chips = activeFilters(page, params);
  const first = (page.pagina - 1) * page.porPagina + 1;
  const shownTo = Math.min(page.total, first + products.length - 1);
  const nextHref = pageHref(page.path, params, last + 1);
  const loadingMore = fetcher.state !== "idle";
  // Nothing found and nothing to undo: no filters to offer (the empty state leads on).
  const showFilters = page.total > 0 || chips.length > 0;

  return (
    <div className={`mt-4 lg:mt-6 ${showFilters ? "lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8" : ""}`}>
      {showFilters && (
        <aside aria-label="Filtros da pesquisa" className="mb-4 lg:mb-0">
          <SearchFilters page={page} activeCount={chips.length} />
        </aside>
      )}

      <section aria-labelledby="resultados" className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            {heading}
            <p className="mt-1 text-sm text-gray-600" aria-live="polite">
              {page.total === 0
                ? "Nenhum artigo encontrado"
                : products.length === page.total
                  ? articles(page.total)
                  : `${first}–${shownTo} de ${articles(page.total)}`}
            </p>
          </div>
          {page.total > 0 && <SortForm page={page} params={params} />}
        </div>

        {page.sugestao && page.total > 0 && (
          <p className="mt-3 text-sm text-gray-700">
            Quis dizer{" "}
            <Link to={page.sugestao.href} className={`font-semibold text-brand-700 underline ${focusRing}`}>
              {page.sugestao.text}
            </Link>
            ?
          </p>
        )}

        {chips.length > 0 && (
          <ul aria-label="Filtros ativos" className="mt-3 flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.href + chip.label}>
                <Link
                  to={chip.href}
                  preventScrollReset
                  aria-label={`Remover filtro ${chip.label}`}
                  className={`inline-flex items-center gap-1 rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-800 hover:border-gray-400 hover:bg-gray-50 ${focusRing}`}
                >
                  {chip.label}
                  <X className="size-3.5" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}

        {page.total === 0 ? (
          <EmptyResults page={page} filtered={chips.length > 0} />
        ) : products.length === 0 ? (
          <div className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center">
            <p className="font-semibold text-gray-900">Esta página não existe.</p>
            <Link
              to={pageHref(page.path, params, 1)}
              className={`mt-3 inline-block font-semibold text-brand-700 underline ${focusRing}`}
            >
              Voltar à primeira página
            </Link>
          </div>
        ) : (
          <>
            <ul
              id="resultados-lista"
              className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 xl:grid-cols-4"
              aria-busy={loadingMore}
            >
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} sizes={GRID_SIZES} />
                </li>
              ))}
            </ul>
            <p role="status" className="sr-only">
              {appended.length > 0 ? `${articles(products.length)} mostrados de ${page.total}.` : ""}
            </p>

            {last < page.lastPage && (
              <div className="mt-8 flex justify-center">
                <Link
                  to={nextHref}
                  preventScrollReset
                  onClick={(event) => {
                    event.preventDefault();
                    if (!loadingMore) fetcher.load(nextHref);
                  }}
                  aria-disabled={loadingMore}
                  className={`inline-flex min-w-40 justify-center rounded-lg border border-gray-300 bg-white px-5 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50 ${focusRing}`}
                >
                  {loadingMore ? "A carregar…" : "Ver mais"}
                </Link>
              </div>
            )}
            <Pages page={page} params={params} last={last} />
          </>
        )}
      </section>
    </div>
  );
}

/** The sort: a GET form carrying the other parameters; applies on change with JavaScript, by its button without. */
function SortForm({ page, params }: { page: SearchPageData; params: URLSearchParams }) {
  const kept = [...withoutPage(params)].filter(([name]) => name !== "ordenar");
  return (
    <Form
      method="get"
      action={page.path}
      preventScrollReset
      className="flex items-center gap-2"
      onChange={(event) => event.currentTarget.requestSubmit()}
    >
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="ordenar" className="text-sm text-gray-700">
        Ordenar por
      </label>
      <select
        id="ordenar"
        name="ordenar"
        key={page.selected.ordenar}
        defaultValue={page.selected.ordenar}
        className="h-10 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-900"
      >
        {SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="h-10 rounded-md bg-gray-900 px-3 text-sm font-semibold text-white">
          Ordenar
        </button>
      </noscript>
    </Form>
  );
}

/** Numbered pages (with 'Anterior' and 'Seguinte'); the pages 'Ver mais' appended count as shown. */
function Pages({ page, params, last }: { page: SearchPageData; params: URLSearchParams; last: number }) {
  if (page.lastPage <= 1) return null;
  const link = `grid h-10 min-w-10 place-items-center rounded-md px-2 text-sm font-medium ${focusRing}`;
  return (
    <nav aria-label="Páginas" className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page.pagina > 1 && (
          <li>
            <Link
              to={pageHref(page.path, params, page.pagina - 1)}
              className={`${link} text-gray-700 hover:bg-gray-100`}
            >
              <span className="flex items-center gap-1">
                <ChevronLeft className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Anterior</span>
              </span>
            </Link>
          </li>
        )}
        {pageNumbers(last, page.lastPage).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={pageHref(page.path, params, n)}
                aria-current={n >= page.pagina && n <= last ? "page" : undefined}
                aria-label={`Página ${n}`}
                className={`${link} ${
                  n >= page.pagina && n <= last ? "bg-gray-900 text-white" : "text-gray-700 hover:bg-gray-100"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {last < page.lastPage && (
          <li>
            <Link to={pageHref(page.path, params, last + 1)} className={`${link} text-gray-700 hover:bg-gray-100`}>
              <span className="flex items-center gap-1">
                <span className="sr-only sm:not-sr-only">Seguinte</span>
                <ChevronRight className="size-4" aria-hidden="true" />
              </span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

function EmptyResults({ page, filtered }: { page: SearchPageData; filtered: boolean }) {
  const clearHref = hrefOf(page.path, new URLSearchParams(page.q ? { q: page.q } : {}));
  return (
    <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center">
      <SearchX className="size-10 text-gray-400" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold text-gray-900">
        {page.q ? `Sem resultados para "${page.q}"` : "Sem resultados"}
      </p>
      {page.sugestao && (
        <p className="mt-2 text-gray-700">
          Quis dizer{" "}
          <Link to={page.sugestao.href} className={`font-semibold text-brand-700 underline ${focusRing}`}>
            {page.sugestao.text}
          </Link>
          ?
        </p>
      )}
      {filtered && (
        <p className="mt-2 text-sm text-gray-600">
          Nenhum artigo corresponde a todos os filtros escolhidos.{" "}
          <Link to={clearHref} className={`font-semibold text-brand-700 underline ${focusRing}`}>
            Limpar filtros
          </Link>
        </p>
      )}
      {page.categories.length > 0 && (
        <nav aria-label="Categorias" className="mt-6">
          <p className="text-sm font-medium text-gray-700">Veja as nossas categorias:</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {page.categories.map((category) => (
              <li key={category.href}>
                <Link
                  to={category.href}
                  className={`inline-block rounded-full border border-gray-300 bg-white px-4 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
