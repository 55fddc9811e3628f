import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "#scripts/seed-large-catalogue.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import {
  CORPUS_PRODUCTS,
  CORPUS_QUERIES,
  CORPUS_SYNONYMS,
  loadBulk,
  loadCorpus,
  type QueryKind,
} from "#tests/support/search-corpus.ts";
import type { SearchAnswer } from "./schemas.ts";

/*
 * Search quality over a small Portuguese brand's catalogue: for each shopper query, is the right product among the
 * first five of GET /api/search (or, for things the shop does not sell, is nothing found)? Figures per kind of
 * query are printed; the bar is 95 % overall and 90 % for typos and for missing accents.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await loadCorpus(t.db, CORPUS_PRODUCTS);
  await t.services.search.saveSynonyms(CORPUS_SYNONYMS, 0);
});
afterAll(() => t.close());

async function search(q: string): Promise<SearchAnswer> {
  const res = await t.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>();
}

/** Runs every corpus query; prints the share per kind and the misses; returns the shares. */
async function measureQuality(label: string) {
  const byKind = new Map<QueryKind, { ok: number; all: number }>();
  const misses: string[] = [];
  for (const query of CORPUS_QUERIES) {
    const answer = await search(query.q);
    const top = answer.produtos.slice(0, 5).map((p) => p.name);
    const ok = query.expect === null ? answer.total === 0 : top.includes(query.expect);
    const kind = byKind.get(query.kind) ?? { ok: 0, all: 0 };
    byKind.set(query.kind, { ok: kind.ok + (ok ? 1 : 0), all: kind.all + 1 });
    if (!ok)
      misses.push(
        `  "${query.q}" → ${query.expect ?? "nothing"}; got ${answer.total}: ${top.join(" | ")} (sugestão: ${answer.sugestao})`,
      );
  }
  const share = (k?: QueryKind) => {
    const rows = k ? [byKind.get(k)!] : [...byKind.values()];
    const ok = rows.reduce((n, r) => n + r.ok, 0);
    const all = rows.reduce((n, r) => n + r.all, 0);
    return { ok, all, pct: (100 * ok) / all };
  };
  const lines = [...byKind.keys()].map((k) => {
    const s = share(k);
    return `  ${k.padEnd(8)} ${s.ok}/${s.all} = ${s.pct.toFixed(1)} %`;
  });
  const all = share();
  console.log(
    [
      `search quality (${label}): ${all.ok}/${all.all} = ${all.pct.toFixed(1)} % in the first five`,
      ...lines,
      ...misses,
    ].join("\n"),
  );
  return { all: all.pct, typo: share("typo").pct, accents: share("accents").pct };
}

describe("search quality", () => {
  it("finds the right product in the first five for ≥ 95 % of shopper queries", async () => {
    const shares = await measureQuality(`${CORPUS_PRODUCTS.length} products`);
    expect(shares.all).toBeGreaterThanOrEqual(95);
    expect(shares.typo).toBeGreaterThanOrEqual(90);
    expect(shares.accents).toBeGreaterThanOrEqual(90);
  });

  it("still does among 3 000 look-alike products (npm run db:seed:large's catalogue)", async () => {
    await loadBulk(
      t.db,
      seedCatalogue(3000).map((p) => ({ ...p, price: p.priceCents / 100 })),
    );
    const shares = await measureQuality("with 3 000 look-alikes");
    expect(shares.all).toBeGreaterThanOrEqual(90);
    expect(shares.typo).toBeGreaterThanOrEqual(85);
    expect(shares.accents).toBeGreaterThanOrEqual(85);
  });
});
