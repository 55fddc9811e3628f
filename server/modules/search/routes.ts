import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequestError } from "#server/core/errors.ts";
import { sendPage } from "#server/core/http/paging.ts";
import { PAGE_MESSAGES, queryInt } from "#server/core/zod.ts";
import {
  parseSearchParams,
  searchAnswerSchema,
  suggestionsSchema,
  synonymsAnswer,
  synonymsBody,
  zeroResultPage,
  SEARCH_MAX_QUERY_LENGTH,
} from "./schemas.ts";
import type { SearchService } from "./service.ts";

/** The query string as URLSearchParams (repeated keys kept), whatever Fastify's parser made of it. */
function urlParams(url: string): URLSearchParams {
  const at = url.indexOf("?");
  return new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
}

const zeroResultQuery = z.object({
  page: queryInt({ invalid: PAGE_MESSAGES.invalidPage, min: 1, max: 1_000_000, fallback: 1 }),
  pageSize: queryInt({ invalid: PAGE_MESSAGES.invalidLimit, min: 1, max: 200, fallback: 50 }),
  limit: queryInt({ invalid: PAGE_MESSAGES.invalidLimit, min: 1, max: 200, fallback: 0 }),
});

/** GET /api/search, /api/search/sugestoes (public); the synonyms and zero-result queries (admin). */
export function searchRoutes(app: FastifyInstance, deps: { search: SearchService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { search } = deps;

  api.get(
    "/api/search",
    { config: { access: "public" }, schema: { response: { 200: searchAnswerSchema } } },
    async (request) => {
      const parsed = parseSearchParams(urlParams(request.url));
      if (!parsed.ok) throw new BadRequestError(parsed.message);
      return search.search(parsed.query);
    },
  );

  api.get(
    "/api/search/sugestoes",
    { config: { access: "public" }, schema: { response: { 200: suggestionsSchema } } },
    async (request) => {
      const q = urlParams(request.url).get("q") ?? "";
      const parsed = parseSearchParams(new URLSearchParams({ q: q.slice(0, SEARCH_MAX_QUERY_LENGTH + 1) }));
      if (!parsed.ok) throw new BadRequestError(parsed.message);
      return search.suggestions(parsed.query.q);
    },
  );

  api.get(
    "/api/search/sinonimos",
    { config: { access: "admin" }, schema: { response: { 200: synonymsAnswer } } },
    async () => ({ grupos: await search.synonyms() }),
  );

  api.put(
    "/api/search/sinonimos",
    { config: { access: "admin" }, schema: { body: synonymsBody, response: { 200: synonymsAnswer } } },
    async (request) => {
      await search.saveSynonyms(request.body.grupos, request.user?.id ?? 0);
      return { grupos: await search.synonyms() };
    },
  );

  api.get(
    "/api/search/sem-resultados",
    { config: { access: "admin" }, schema: { querystring: zeroResultQuery, response: { 200: zeroResultPage } } },
    async (request, reply) => {
      const { page, pageSize, limit } = request.query;
      return sendPage(reply, await search.zeroResultQueries({ page, pageSize: limit || pageSize }));
    },
  );
}
