import type { FastifyInstance } from "fastify";
import { errorBody } from "#server/core/errors.ts";
import { etagMatches } from "#server/core/http/etag.ts";
import type { PictureStorage } from "#server/core/storage/storage.ts";

/** Picture names are never reused (a new upload gets a new UUID): browsers and CDNs may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /uploads/{name}: a catalogue picture from the picture storage (UPLOADS_STORAGE), with the same headers on
 * every driver: a year's Cache-Control, a strong ETag (the bytes' SHA-256) and 304 for a matching If-None-Match.
 * A storage that is down or too slow answers 503 (StorageUnavailableError through the error handler).
 */
export function registerUploads(app: FastifyInstance, opts: { pictures: PictureStorage }): void {
  app.get<{ Params: { name: string } }>("/uploads/:name", { config: { access: "public" } }, async (request, reply) => {
    const picture = await opts.pictures.get(request.params.name);
    if (!picture) {
      return reply.status(404).header("cache-control", "no-cache").send(errorBody("Imagem não encontrada."));
    }
    reply.header("cache-control", IMMUTABLE).header("etag", picture.etag);
    if (etagMatches(request.headers["if-none-match"], picture.etag)) return reply.status(304).send();
    return reply.type(picture.contentType).header("content-length", picture.bytes.length).send(picture.bytes);
  });
}
