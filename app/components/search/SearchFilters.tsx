import { SlidersHorizontal } from "lucide-react";
import type { ChangeEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import type { SearchPageData } from "./search-page.server.ts";
import { hrefOf } from "./search-url.ts";

type Facet = SearchPageData["facetas"]["cores"];

/** A facet's values, with the chosen ones the search no longer counts kept (so they can be unticked). */
function facetValues(facet: Facet, chosen: string[]): Facet {
  const known = new Set(facet.map((f) => f.nome.toLocaleLowerCase("pt-PT")));
  const missing = chosen.filter((c) => !known.has(c.toLocaleLowerCase("pt-PT"))).map((nome) => ({ nome, total: 0 }));
  return [...facet, ...missing];
}

const isChosen = (chosen: string[], value: string) =>
  chosen.some((c) => c.toLocaleLowerCase("pt-PT") === value.toLocaleLowerCase("pt-PT"));

function FacetGroup(props: { legend: string; name: string; facet: Facet; chosen: string[] }) {
  const values = facetValues(props.facet, props.chosen);
  if (values.length === 0) return null;
  return (
    <fieldset className="min-w-0 border-t border-gray-200 pt-4">
      <legend className="float-left mb-2 w-full text-sm font-semibold text-gray-900">{props.legend}</legend>
      <ul className="clear-left max-h-64 space-y-1 overflow-y-auto pr-1">
        {values.map((value, i) => {
          const id = `filtro-${props.name}-${i}`;
          return (
            <li key={value.nome}>
              <label
                htmlFor={id}
                className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm text-gray-700 hover:bg-gray-50"
              >
                <input
                  id={id}
                  type="checkbox"
                  name={props.name}
                  value={value.nome}
                  defaultChecked={isChosen(props.chosen, value.nome)}
                  className="size-4 rounded border-gray-300 accent-brand-600"
                />
                <span className="min-w-0 flex-1 truncate">{value.nome}</span>
                <span className="text-xs text-gray-500 tabular-nums">{value.total}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The filters: one GET form to the page's own address (works without JavaScript: 'Aplicar filtros').
 * With JavaScript a ticked box applies at once. Below lg the form folds into 'Filtros' (a <details>).
 */
export function SearchFilters({ page, activeCount }: { page: SearchPageData; activeCount: number }) {
  const submit = useSubmit();
  const { selected, facetas } = page;
  // The form is keyed by the search, so its boxes show the URL's state after each navigation (back button too).
  const formKey = JSON.stringify(selected) + page.q;

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as unknown as HTMLInputElement;
    if (target.type === "checkbox") submit(event.currentTarget, { preventScrollReset: true });
  }

  const priceHint = (value: number | null) => (value === null ? undefined : value.toFixed(2).replace(".", ","));

  return (
    <details className="group rounded-xl border border-gray-200 bg-white lg:border-0 lg:bg-transparent lg:[&::details-content]:[content-visibility:visible]">
      <summary
        className={`flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-semibold text-gray-900 lg:hidden [&::-webkit-details-marker]:hidden ${focusRing} rounded-xl`}
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Filtros{activeCount > 0 ? ` (${activeCount})` : ""}
        </span>
        <span aria-hidden="true" className="text-gray-500 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        key={formKey}
        method="get"
        action={page.path}
        preventScrollReset
        onChange={onChange}
        aria-label="Filtros"
        className="space-y-4 px-4 pb-4 lg:px-0"
      >
        <h2 className="hidden text-base font-semibold text-gray-900 lg:block">Filtros</h2>
        {page.q && <input type="hidden" name="q" value={page.q} />}
        {page.perPageParam && <input type="hidden" name="por_pagina" value={page.perPageParam} />}
        {page.selected.ordenar !== (page.q ? "relevancia" : "novidades") && (
          <input type="hidden" name="ordenar" value={page.selected.ordenar} />
        )}
        {page.kind === "pesquisa" && (
          <FacetGroup legend="Categoria" name="categoria" facet={facetas.categorias} chosen={selected.categorias} />
        )}
        <FacetGroup legend="Cor" name="cor" facet={facetas.cores} chosen={selected.cores} />
        <FacetGroup legend="Tamanho" name="tamanho" facet={facetas.tamanhos} chosen={selected.tamanhos} />

        <fieldset className="min-w-0 border-t border-gray-200 pt-4">
          <legend className="float-left mb-2 w-full text-sm font-semibold text-gray-900">Preço (€)</legend>
          <div className="clear-left flex items-center gap-2">
            <PriceField label="Mínimo" name="preco_min" value={selected.precoMin} hint={priceHint(facetas.preco.min)} />
            <span aria-hidden="true" className="mt-5 text-gray-400">
              –
            </span>
            <PriceField label="Máximo" name="preco_max" value={selected.precoMax} hint={priceHint(facetas.preco.max)} />
          </div>
        </fieldset>

        <div className="border-t border-gray-200 pt-4">
          <label className="flex min-h-9 cursor-pointer items-center gap-2 px-1 text-sm text-gray-700">
            <input
              type="checkbox"
              name="em_stock"
              value="1"
              defaultChecked={selected.emStock}
              className="size-4 rounded border-gray-300 accent-brand-600"
            />
            Só artigos em stock
          </label>
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
          <button
            type="submit"
            className={`rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
          >
            Aplicar filtros
          </button>
          {activeCount > 0 && (
            <Link
              to={hrefOf(page.path, new URLSearchParams(page.q ? { q: page.q } : {}))}
              preventScrollReset
              className={`rounded-md text-sm font-medium text-brand-700 hover:underline ${focusRing}`}
            >
              Limpar filtros
            </Link>
          )}
        </div>
      </Form>
    </details>
  );
}

/** One end of the price range: euros as typed (comma or point), the matching set's own end as the hint. */
function PriceField(p: { label: string; name: string; value: string; hint: string | undefined }) {
  return (
    <label className="min-w-0 flex-1 text-xs text-gray-600">
      {p.label}
      <input
        name={p.name}
        inputMode="decimal"
        defaultValue={p.value}
        placeholder={p.hint}
        maxLength={12}
        className="mt-1 block h-10 w-full rounded-md border border-gray-300 px-2 text-base text-gray-900 sm:text-sm"
      />
    </label>
  );
}
