import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendPage } from "#server/core/http/paging.ts";
import {
  contactBody,
  contactMessageParams,
  contactMessagesPage,
  contactMessagesQuery,
  contactResponse,
  handledResponse,
} from "./schemas.ts";
import type { ContactService } from "./service.ts";

/** The contact form (public) and the admin's 'Mensagens'. Thin: validate, call one service function, answer. */
export function contactRoutes(app: FastifyInstance, deps: { contact: ContactService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { contact } = deps;

  api.post(
    "/api/contact",
    { config: { access: "public" }, schema: { body: contactBody, response: { 200: contactResponse } } },
    (request) => contact.send(request.body, { ip: request.ip }),
  );

  api.get(
    "/api/contact/messages",
    {
      config: { access: "admin" },
      schema: { querystring: contactMessagesQuery, response: { 200: contactMessagesPage } },
    },
    async (request, reply) => sendPage(reply, await contact.list(request.query)),
  );

  api.post(
    "/api/contact/messages/:id/handled",
    {
      config: { access: "admin" },
      schema: { params: contactMessageParams, response: { 200: handledResponse } },
    },
    (request) => contact.markHandled(request.params.id),
  );
}
