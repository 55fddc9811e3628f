import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { seedDemoCatalog } from "#server/seed/demo.ts";
import { webContext, type WebContext } from "#app/context.ts";
import { action, loader } from "#app/routes/admin/definicoes.tsx";
import { loadZeroResults } from "./zero-results.server.ts";

/*
 * The real thing end to end, without a browser: searches that find nothing through GET /api/search are what the
 * dashboard's loader lists (text, count); /definicoes' loader shows the API's synonyms and starts a line for the
 * word; the page's server action (the form posted without script) saves through the same service as
 * PUT /api/search/sinonimos, whose GET answers the groups typed; and the search then finds the products.
 */

let t: TestApp;
let admin: Session;

/** The web context a loader or action of the admin gets (the layout's guard has let this admin through). */
function contextFor(session: Session) {
  const web = {
    services: t.services,
    user: { id: session.id },
    forms: { csrfToken: "csrf-do-formulario" },
  } as unknown as WebContext;
  return { get: (key: typeof webContext) => (key === webContext ? web : undefined) } as never;
}

const search = async (q: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/search?${new URLSearchParams({ q })}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; produtos: { id: number }[] };
};

const apiSynonyms = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/search/sinonimos", headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { grupos: string[][] }).grupos;
};

async function post(text: string): Promise<{ status: number; fields?: Record<string, string> }> {
  const request = new Request("http://localhost/definicoes", {
    method: "POST",
    body: new URLSearchParams({ sinonimos: text, _csrf: "csrf-do-formulario" }),
  });
  const answer = (await action({ request, context: contextFor(admin), params: {} } as never)) as unknown;
  // A refusal is `data(result, { status })`; a success the result itself.
  const refused = answer as { data?: { fields: Record<string, string> }; init?: { status: number } };
  return refused.init ? { status: refused.init.status, ...refused.data! } : { status: 200, ...(answer as object) };
}

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoCatalog(t.db, t.config.dataDir)).toBe(true);
  admin = await signIn(t, "admin");
});
afterAll(async () => {
  await t?.close();
});

describe("synonyms and searches that found nothing, through the routes' loaders and action", () => {
  it("a search that finds nothing is listed with its count; its synonym saved without script makes it find", async () => {
    const mugs = await search("caneca");
    expect(mugs.total).toBeGreaterThan(0);
    expect((await search("Pirilampo")).total).toBe(0);
    expect((await search("pirilampo")).total).toBe(0);

    const listed = await loadZeroResults(contextFor(admin), new URLSearchParams());
    expect(listed.items).toContainEqual(expect.objectContaining({ text: "pirilampo", count: 2 }));
    // The same as the admin API's list.
    const api = await t.app.inject({ method: "GET", url: "/api/search/sem-resultados", headers: admin.headers });
    expect(api.json()).toEqual(listed.items);
    expect(Number(api.headers["x-total-count"])).toBe(listed.total);

    // /definicoes?sinonimo=pirilampo: the API's groups, then a line for the word.
    const before = await apiSynonyms();
    const page = (await loader({
      request: new Request("http://localhost/definicoes?sinonimo=pirilampo"),
      context: contextFor(admin),
      params: {},
    } as never)) as { synonymsText: string; prefill: string; csrf: string };
    const expectedStart = before.map((g) => g.join(" = ")).join("\n");
    expect(page.synonymsText).toBe(`${expectedStart ? `${expectedStart}\n` : ""}pirilampo = `);
    expect(page.csrf).toBe("csrf-do-formulario");

    // Refused first (an empty group): nothing saved.
    const refused = await post(`${page.synonymsText}caneca\n = ,`);
    expect(refused.status).toBe(400);
    expect(refused.fields).toEqual({ sinonimos: expect.stringMatching(/^Linha \d+: grupo vazio\./) });
    expect(await apiSynonyms()).toEqual(before);

    const saved = await post(`${page.synonymsText}caneca`);
    expect(saved).toEqual({ status: 200, ok: true, message: "Sinónimos guardados." });
    expect(await apiSynonyms()).toEqual([...before, ["pirilampo", "caneca"]]);

    // The same products as "caneca".
    const found = await search("pirilampo");
    expect(found.total).toBe(mugs.total);
    expect(found.produtos.map((p) => p.id).toSorted()).toEqual(mugs.produtos.map((p) => p.id).toSorted());

    // Back on /definicoes from the dashboard's link: the word has its group, no new line.
    const again = (await loader({
      request: new Request("http://localhost/definicoes?sinonimo=pirilampo"),
      context: contextFor(admin),
      params: {},
    } as never)) as { synonymsText: string };
    expect(again.synonymsText.split("\n").at(-1)).toBe("pirilampo = caneca");
  });
});
