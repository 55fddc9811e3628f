/**
 * The dashboard's 'Pesquisas sem resultados': one page of the same service call as GET /api/search/sem-resultados
 * (the last 90 days' searches that found nothing, most frequent first; no personal data, only the text).
 */
import { pageParam } from "#app/components/admin/Pagination.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { ZERO_RESULTS_PAGE_PARAM, ZERO_RESULTS_PAGE_SIZE, type ZeroResultsPage } from "./ZeroResultsPanel.tsx";

type Context = Parameters<typeof servicesOf>[0];

export async function loadZeroResults(context: Context, params: URLSearchParams): Promise<ZeroResultsPage> {
  const page = pageParam(params, ZERO_RESULTS_PAGE_PARAM);
  const pageSize = ZERO_RESULTS_PAGE_SIZE;
  const { items, total } = await load(() => servicesOf(context).search.zeroResultQueries({ page, pageSize }));
  return { items, total, page, pageSize };
}
