// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Pagination, pageParam } from "./Pagination.tsx";

afterEach(cleanup);

/** Renders the pager at `url` (a list of 120 rows, 50 a page, unless told otherwise). */
function renderAt(url: string, props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const page = pageParam(new URL(url, "http://loja.test").searchParams, props.param);
  const Stub = createRoutesStub([
    {
      path: "/orders",
      Component: () => <Pagination page={page} pageSize={50} total={120} label="Paginação dos pedidos" {...props} />,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const link = (name: string) => screen.queryByRole("link", { name });

describe("the admin pager", () => {
  it("links to the next and previous pages keeping the screen's other search params", () => {
    renderAt("/orders?days=7&page=2");
    expect(screen.getByText("51–100 de 120 · Página 2 de 3")).toBeTruthy();
    expect(link("Seguinte")?.getAttribute("href")).toBe("/orders?days=7&page=3");
    // Page 1 is the URL without the param.
    expect(link("Anterior")?.getAttribute("href")).toBe("/orders?days=7");
  });

  it("offers no link past either end, and nothing when one page holds every row", () => {
    renderAt("/orders?page=3");
    expect(screen.getByText("101–120 de 120 · Página 3 de 3")).toBeTruthy();
    expect(link("Seguinte")).toBeNull();
    expect(screen.getByText("Seguinte").closest("[aria-disabled=true]")).toBeTruthy();
    cleanup();
    renderAt("/orders", { total: 50 });
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("reads its page from its own param, and a page past the end shows the last one", () => {
    renderAt("/orders?utilizadores=9&page=2", { param: "utilizadores" });
    expect(screen.getByText("101–120 de 120 · Página 3 de 3")).toBeTruthy();
    expect(link("Anterior")?.getAttribute("href")).toBe("/orders?utilizadores=2&page=2");
  });

  it("pageParam: a whole number from 1, else 1", () => {
    const at = (search: string) => pageParam(new URLSearchParams(search));
    expect([at("page=4"), at("page=0"), at("page=-2"), at("page=x"), at(""), at("page=2.5")]).toEqual([
      4, 1, 1, 1, 1, 1,
    ]);
  });
});
