import { randomBytes } from "node:crypto";
import type { Config } from "#server/core/config.ts";
import type { Services } from "#server/services.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@loja.local";

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD create or update that admin at every start. Without them,
 * a shop with no admin gets admin@loja.local with a random password, printed once.
 */
export async function ensureFirstAdmin(
  services: Services,
  config: Config,
  print: (line: string) => void,
): Promise<void> {
  if (config.admin) {
    const { created, user } = await services.accounts.upsertAdmin(config.admin);
    print(`${created ? "Created" : "Updated"} admin ${user.email} from ADMIN_EMAIL/ADMIN_PASSWORD`);
    return;
  }
  if ((await services.accounts.countAdmins()) > 0) return;
  const password = randomBytes(12).toString("base64url");
  const { created } = await services.accounts.upsertAdmin({ email: DEFAULT_ADMIN_EMAIL, password });
  if (!created) return; // another instance, starting at the same moment, created it and printed its password
  print("");
  print("  ┌───────────────────────────────────────────────────────────────");
  print(`  │ First admin created: ${DEFAULT_ADMIN_EMAIL}`);
  print(`  │ Password:            ${password}`);
  print("  │ This password is shown only once. Change it, or set ADMIN_EMAIL and");
  print("  │ ADMIN_PASSWORD, or run: npm run admin:create -- --email … --password …");
  print("  └───────────────────────────────────────────────────────────────");
  print("");
}
