import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RateLimiter } from "#server/core/rate-limit.ts";
import { deleteAccountBody, messageResponse } from "#server/modules/accounts/schemas.ts";
import { CSRF_COOKIE, SESSION_COOKIE } from "#server/modules/accounts/sessions.ts";
import { accountExport, deleteAccount, exportAccountData, type AccountPrivacyDeps } from "./account-privacy.ts";

const MINUTE = 60_000;

/** /conta/privacidade's calls (account-privacy.ts): the RGPD export and the account's deletion. Signed-in accounts. */
export function accountPrivacyRoutes(
  app: FastifyInstance,
  deps: { privacy: AccountPrivacyDeps; limiter: RateLimiter },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { privacy, limiter } = deps;
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    reply.clearCookie(CSRF_COOKIE, { path: "/" });
  };

  api.get(
    "/api/users/me/export",
    { config: { access: "user" }, schema: { response: { 200: accountExport } } },
    async (request, reply) => {
      const data = await exportAccountData(privacy.db, request.user!.id);
      const day = data.exportado_em.slice(0, 10);
      reply.header("content-disposition", `attachment; filename="loja-os-meus-dados-${day}.json"`);
      return data;
    },
  );

  api.post(
    "/api/users/me/delete",
    { config: { access: "user" }, schema: { body: deleteAccountBody, response: { 200: messageResponse } } },
    async (request, reply) => {
      // Bounds guessing of the password with a stolen session, like the password change.
      await limiter.hit(`delete:user:${request.user!.id}`, 10, 15 * MINUTE);
      const result = await deleteAccount(privacy, request.user!.id, request.body.password);
      clearSessionCookies(reply);
      return { success: true, ...result };
    },
  );
}
