import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { shopSettingsSchema } from "./schemas.ts";
import type { SettingsService } from "./service.ts";

/**
 * The shop's settings (/definicoes), admin only: the whole read and the whole save. The storefront does not call
 * these: its loaders read the settings through the services (public layout: identity and delivery prices).
 * A body that breaks a rule answers 400 with each field's pt-PT message (`details[].path`) and saves nothing.
 */
export function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = deps;
  const admin = { access: "admin" } as const;

  api.get("/api/settings", { config: admin, schema: { response: { 200: shopSettingsSchema } } }, () => settings.get());

  api.put(
    "/api/settings",
    { config: admin, schema: { body: shopSettingsSchema, response: { 200: shopSettingsSchema } } },
    (request) => settings.update(request.user!, request.body),
  );
}
