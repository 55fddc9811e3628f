import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "#server/core/http/paging.ts";
import type { RateLimiter } from "#server/core/rate-limit.ts";
import { askedPage, optionalPageQuery } from "#server/core/zod.ts";
import { countLoginAttempt, forgetLoginAttempts } from "./login-limits.ts";
import type { AccountsService } from "./service.ts";
import {
  changePasswordBody,
  forgotPasswordBody,
  idParams,
  loginBody,
  messageResponse,
  newUserBody,
  publicUser,
  registerBody,
  resetPasswordBody,
  updateUserBody,
  verifyQuery,
} from "./schemas.ts";
import { SIGN_IN_LINK_INVALID } from "./account-links.ts";
import { CSRF_COOKIE, DEVICE_COOKIE, deviceAccount, deviceCookie, SESSION_COOKIE, sessionCookies } from "./sessions.ts";

const signInLinkBody = z.object({
  token: z.string({ error: SIGN_IN_LINK_INVALID }).min(1, SIGN_IN_LINK_INVALID).max(200, SIGN_IN_LINK_INVALID),
});
const signedInResponse = z.object({ success: z.boolean(), message: z.string(), user: publicUser });

const MINUTE = 60_000;

export function accountsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; limiter: RateLimiter; secret: string; secureCookies: boolean },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, limiter } = deps;

  const setSessionCookies = (reply: FastifyReply, token: string) => {
    for (const cookie of sessionCookies(deps.secret, token, deps.secureCookies)) {
      reply.setCookie(cookie.name, cookie.value, cookie.options);
    }
  };
  /** The session's cookies and this browser's device cookie (login-limits.ts: known past the account's ceiling). */
  const signIn = (reply: FastifyReply, token: string, userId: number) => {
    setSessionCookies(reply, token);
    const device = deviceCookie(deps.secret, userId, deps.secureCookies);
    reply.setCookie(device.name, device.value, device.options);
  };
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    reply.clearCookie(CSRF_COOKIE, { path: "/" });
  };

  api.post(
    "/api/users/register",
    {
      config: { access: "public", csrfExempt: true },
      schema: { body: registerBody, response: { 201: messageResponse } },
    },
    async (request, reply) => {
      await limiter.hit(`register:ip:${request.ip}`, 10, 60 * MINUTE);
      const result = await accounts.register(request.body);
      return reply.status(201).send({ success: true, ...result });
    },
  );

  api.get(
    "/api/users/verificar-email",
    { config: { access: "public" }, schema: { querystring: verifyQuery, response: { 200: messageResponse } } },
    async (request) => ({ success: true, ...(await accounts.verifyEmail(request.query.token)) }),
  );

  api.post(
    "/users/login",
    {
      config: { access: "public", csrfExempt: true, personal: true },
      schema: {
        body: loginBody,
        response: { 200: signedInResponse },
      },
    },
    async (request, reply) => {
      const device = deviceAccount(deps.secret, request.cookies[DEVICE_COOKIE]);
      const knownDevice = device === null ? undefined : () => accounts.isAccountOf(device, request.body.email);
      await countLoginAttempt(limiter, request.body.email, request.ip, knownDevice);
      const { user, token } = await accounts.login(request.body);
      // Only a successful sign-in replaces the session the browser had (a failed one keeps it).
      if (request.sessionToken) await accounts.logout(request.sessionToken);
      await forgetLoginAttempts(limiter, request.body.email, request.ip);
      signIn(reply, token, user.id);
      return { success: true, message: "Login bem-sucedido!", user };
    },
  );

  api.post(
    "/api/users/logout",
    { config: { access: "public", personal: true }, schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      if (request.sessionToken) await accounts.logout(request.sessionToken);
      clearSessionCookies(reply);
      return { success: true, message: "Sessão terminada." };
    },
  );

  api.get(
    "/api/users/me",
    { config: { access: "user" }, schema: { response: { 200: z.object({ user: publicUser }) } } },
    async (request) => ({ user: request.user! }),
  );

  api.put(
    "/api/users/me/password",
    { config: { access: "user" }, schema: { body: changePasswordBody, response: { 200: messageResponse } } },
    async (request) => {
      // Bounds guessing of the current password with a stolen session.
      await limiter.hit(`password:user:${request.user!.id}`, 10, 15 * MINUTE);
      const result = await accounts.changeOwnPassword(request.user!.id, request.body, request.sessionToken!);
      return { success: true, ...result };
    },
  );

  // ----- forgotten password (/recuperar-palavra-passe, /redefinir-palavra-passe: password-reset.ts) -----

  api.post(
    "/api/users/forgot-password",
    { config: { access: "public" }, schema: { body: forgotPasswordBody, response: { 200: messageResponse } } },
    async (request) => {
      // Per address only: the mails per account are capped silently (account-links.ts), so nobody else's
      // requests can make the owner's own answer 429.
      await limiter.hit(`forgot:ip:${request.ip}`, 20, 60 * MINUTE);
      return { success: true, ...(await accounts.passwordReset.request(request.body.email)) };
    },
  );

  // 'Enviar ligação de acesso' (/login, past the account's sign-in ceiling): the same answer for every address.
  api.post(
    "/api/users/login-link",
    { config: { access: "public" }, schema: { body: forgotPasswordBody, response: { 200: messageResponse } } },
    async (request) => {
      await limiter.hit(`sign-in-link:ip:${request.ip}`, 20, 60 * MINUTE);
      return { success: true, ...(await accounts.links.requestSignIn(request.body.email)) };
    },
  );

  api.post(
    "/api/users/login-link/use",
    {
      config: { access: "public", csrfExempt: true, personal: true },
      schema: { body: signInLinkBody, response: { 200: signedInResponse } },
    },
    async (request, reply) => {
      await limiter.hit(`sign-in-link-use:ip:${request.ip}`, 30, 15 * MINUTE);
      const { user, token } = await accounts.links.useSignIn(request.body.token);
      if (request.sessionToken) await accounts.logout(request.sessionToken);
      await forgetLoginAttempts(limiter, user.email, request.ip);
      signIn(reply, token, user.id);
      return { success: true, message: "Login bem-sucedido!", user };
    },
  );

  api.post(
    "/api/users/reset-password",
    {
      config: { access: "public", personal: true },
      schema: { body: resetPasswordBody, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      await limiter.hit(`reset:ip:${request.ip}`, 30, 15 * MINUTE);
      const { userId, message } = await accounts.passwordReset.reset(request.body.token, request.body.password);
      // Every session of the account ended: if this browser held one, its cookies go too.
      if (request.user?.id === userId) clearSessionCookies(reply);
      return { success: true, message };
    },
  );

  // ----- privacy (/conta/privacidade): server/flows/account-privacy/routes.ts -----

  // ----- admin: users (/dashboard, /usuarios/*) -----

  // The spec's whole list; with page, limit or search (new, optional) one page, staff first, and X-Total-Count.
  api.get(
    "/api/users",
    {
      config: { access: "admin" },
      schema: { querystring: z.object(optionalPageQuery), response: { 200: z.array(publicUser) } },
    },
    async (request, reply) => {
      const page = askedPage(request.query);
      return page ? sendPage(reply, await accounts.listPage(page)) : accounts.list();
    },
  );

  api.get(
    "/api/users/:id",
    { config: { access: "admin" }, schema: { params: idParams, response: { 200: publicUser } } },
    (request) => accounts.get(request.params.id),
  );

  api.put(
    "/api/users/:id",
    {
      config: { access: "admin" },
      schema: {
        params: idParams,
        body: updateUserBody,
        response: { 200: z.object({ success: z.boolean(), message: z.string(), user: publicUser }) },
      },
    },
    async (request: FastifyRequest<{ Params: { id: number }; Body: z.infer<typeof updateUserBody> }>) => {
      const user = await accounts.update(request.user!, request.params.id, request.body);
      return { success: true, message: "Usuário atualizado com sucesso!", user };
    },
  );

  api.delete(
    "/api/users/:id",
    { config: { access: "admin" }, schema: { params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      await accounts.remove(request.user!, request.params.id);
      return { success: true, message: "Utilizador eliminado com sucesso." };
    },
  );

  api.post(
    "/api/email/send",
    {
      config: { access: "admin" },
      schema: {
        body: z.object({
          user_id: z.coerce.number({ error: "Utilizador não encontrado" }).int().positive().max(2_147_483_647),
          email: z.string().max(254).optional(),
          type: z.enum(["verificacao", "boas-vindas"], {
            error: "Tipo de email inválido (use verificacao ou boas-vindas).",
          }),
        }),
        response: { 200: z.object({ success: z.boolean(), tracking_id: z.number(), message: z.string() }) },
      },
    },
    async (request) => {
      const { trackingId, message } = await accounts.sendAccountMail({
        userId: request.body.user_id,
        email: request.body.email,
        type: request.body.type,
      });
      return { success: true, tracking_id: trackingId, message };
    },
  );

  api.post(
    "/users/newuser",
    {
      config: { access: "admin" },
      schema: {
        body: newUserBody,
        response: { 201: z.object({ success: z.boolean(), message: z.string(), user: publicUser }) },
      },
    },
    async (request, reply) => {
      const user = await accounts.createAdmin(request.body);
      return reply.status(201).send({ success: true, message: "Utilizador criado com sucesso!", user });
    },
  );
}
