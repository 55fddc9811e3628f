// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ZeroResultQuery } from "#server/modules/search/schemas.ts";
import { loadZeroResults } from "./zero-results.server.ts";
import { addSynonymHref, ZERO_RESULTS_PAGE_SIZE, type ZeroResultsPage, ZeroResultsPanel } from "./ZeroResultsPanel.tsx";

/*
 * The dashboard's 'Pesquisas sem resultados' with its loader (zero-results.server.ts) over a stand-in of
 * services.search.zeroResultQueries: the page the URL asks for is the page asked of the service, and each row shows
 * the service's text, count and last time, with its link to /definicoes. (synonyms-route.test.ts runs the real one.)
 */

afterEach(cleanup);

/** 23 searches, most frequent first, as the service orders them. */
const ALL: ZeroResultQuery[] = Array.from({ length: 23 }, (_, i) => ({
  text: i === 0 ? "sabão & velas <azuis>" : `pesquisa ${i}`,
  count: i === 22 ? 1 : 1000 - i * 40,
  lastSeen: new Date(Date.UTC(2026, 6, 1, 9, 30) - i * 3_600_000).toISOString(),
}));

const asked: { page: number; pageSize: number }[] = [];
const context = {
  get: () => ({
    services: {
      search: {
        zeroResultQueries: async (q: { page: number; pageSize: number }) => {
          asked.push(q);
          const start = (q.page - 1) * q.pageSize;
          return { items: ALL.slice(start, start + q.pageSize), total: ALL.length };
        },
      },
    },
  }),
} as unknown as Parameters<typeof loadZeroResults>[0];

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/dashboard",
      loader: ({ request }) => loadZeroResults(context, new URL(request.url).searchParams),
      Component: () => <ZeroResultsPanel zeroResults={useLoaderData() as ZeroResultsPage} />,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

/** The rows as the phone cards show them (happy-dom applies no CSS: both layouts are in the document). */
const cards = async () => within((await screen.findAllByRole("region", { name: "Pesquisas sem resultados" }))[1]!);

describe("'Pesquisas sem resultados' on the dashboard", () => {
  it("shows the service's first page: each search's text, count, last time in Lisbon and a link to add a synonym", async () => {
    asked.length = 0;
    renderAt("/dashboard");
    const list = await cards();
    expect(asked).toEqual([{ page: 1, pageSize: ZERO_RESULTS_PAGE_SIZE }]);
    const items = list.getAllByRole("listitem");
    expect(items).toHaveLength(ZERO_RESULTS_PAGE_SIZE);
    items.forEach((item, i) => {
      const row = ALL[i]!;
      const card = within(item);
      expect(card.getByRole("heading").textContent).toBe(row.text);
      expect(item.querySelector('[data-column="count"]')?.textContent).toBe(`${row.count} vezes`);
      expect(card.getByRole("link", { name: `Adicionar sinónimo para "${row.text}"` }).getAttribute("href")).toBe(
        addSynonymHref(row.text),
      );
    });
    // Summer in Lisbon: UTC+1.
    expect(items[0]!.querySelector('[data-column="lastSeen"]')?.textContent).toBe("01/07/2026, 10:30:00");
    // The text travels to /definicoes whole, whatever it holds.
    const href = addSynonymHref(ALL[0]!.text);
    const target = new URL(href, "http://loja.test");
    expect(target.pathname).toBe("/definicoes");
    expect(target.searchParams.get("sinonimo")).toBe("sabão & velas <azuis>");
    expect(target.hash).toBe("#sinonimos");
    expect(screen.getByText("1–10 de 23 · Página 1 de 3")).toBeTruthy();
  });

  it("reads the page from ?pesquisasPage= and shows that page of the service", async () => {
    asked.length = 0;
    renderAt("/dashboard?pesquisasPage=3");
    const list = await cards();
    expect(asked).toEqual([{ page: 3, pageSize: ZERO_RESULTS_PAGE_SIZE }]);
    expect(list.getAllByRole("heading").map((h) => h.textContent)).toEqual(ALL.slice(20).map((r) => r.text));
    expect(screen.getByText("21–23 de 23 · Página 3 de 3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Anterior" }).getAttribute("href")).toBe("/dashboard?pesquisasPage=2");
    expect(
      list.getAllByRole("listitem").map((item) => item.querySelector('[data-column="count"]')?.textContent),
    ).toEqual(["200 vezes", "160 vezes", "1 vez"]);
  });

  it("without searches that found nothing: says so", () => {
    const Stub = createRoutesStub([
      {
        path: "/dashboard",
        Component: () => <ZeroResultsPanel zeroResults={{ items: [], total: 0, page: 1, pageSize: 10 }} />,
      },
    ]);
    render(<Stub initialEntries={["/dashboard"]} />);
    expect(screen.getByText("Nenhuma pesquisa sem resultados nos últimos 90 dias.")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
