import { BookPlus } from "lucide-react";
import { Link } from "react-router";
import type { ZeroResultQuery } from "#server/modules/search/schemas.ts";
import { Pagination, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { EmptyState, focusRing, Panel } from "#app/components/admin/ui.tsx";
import { formatShopDateTime } from "#app/lib/format.ts";
import { SYNONYM_PREFILL_PARAM, SYNONYMS_ANCHOR } from "./synonyms-text.ts";

/** One page of the searches that found nothing (the dashboard's loader, zero-results.server.ts). */
export interface ZeroResultsPage {
  items: ZeroResultQuery[];
  total: number;
  page: number;
  pageSize: number;
}

/** The search param of this list's page on /dashboard. */
export const ZERO_RESULTS_PAGE_PARAM = "pesquisasPage";
export const ZERO_RESULTS_PAGE_SIZE = 10;

/** /definicoes with a new synonym group started by this search's text, scrolled to the editor. */
export function addSynonymHref(text: string): string {
  return `/definicoes?${new URLSearchParams({ [SYNONYM_PREFILL_PARAM]: text })}#${SYNONYMS_ANCHOR}`;
}

const times = (count: number) => (count === 1 ? "1 vez" : `${count.toLocaleString("pt-PT")} vezes`);

/**
 * /dashboard's 'Pesquisas sem resultados' (issue 19): what shoppers searched for in the last 90 days and did not
 * find, with how often and when last, each with a link to give it synonyms in /definicoes.
 */
export function ZeroResultsPanel({ zeroResults }: { zeroResults: ZeroResultsPage }) {
  const pending = useScreenPending();
  return (
    <Panel title="Pesquisas sem resultados">
      <p className="-mt-2 mb-4 text-sm text-gray-700">
        O que os clientes pesquisaram nos últimos 90 dias sem encontrar nenhum artigo. Um sinónimo liga a pesquisa aos
        artigos que já existem.
      </p>
      {zeroResults.total === 0 ? (
        <EmptyState message="Nenhuma pesquisa sem resultados nos últimos 90 dias." />
      ) : (
        <>
          <ResponsiveTable
            label="Pesquisas sem resultados"
            tableFrom="lg"
            rows={zeroResults.items}
            rowKey={(row) => row.text}
            busy={pending}
            cardTitle={(row) => <h3 className="text-base font-semibold break-words text-gray-900">{row.text}</h3>}
            columns={[
              { id: "text", header: "Pesquisa", width: "w-[36%]", inCardTitle: true, cell: (row) => row.text },
              {
                id: "count",
                header: "Vezes",
                width: "w-[14%]",
                className: "tabular-nums",
                cell: (row) => times(row.count),
              },
              {
                id: "lastSeen",
                header: "Última vez",
                width: "w-[26%]",
                className: "tabular-nums",
                cell: (row) => formatShopDateTime(row.lastSeen),
              },
            ]}
            actionsWidth="w-[24%]"
            actions={(row) => (
              <Link
                to={addSynonymHref(row.text)}
                className={`${focusRing} inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-blue-800 hover:bg-blue-50`}
                aria-label={`Adicionar sinónimo para "${row.text}"`}
              >
                <BookPlus aria-hidden="true" className="size-4" />
                Adicionar sinónimo
              </Link>
            )}
          />
          <Pagination
            page={zeroResults.page}
            pageSize={zeroResults.pageSize}
            total={zeroResults.total}
            label="Paginação das pesquisas sem resultados"
            param={ZERO_RESULTS_PAGE_PARAM}
          />
        </>
      )}
    </Panel>
  );
}
