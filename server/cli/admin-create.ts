// npm run admin:create -- --email ana@loja.pt --password "…" [--name "Ana"]
// Creates that admin, or makes the existing account an admin with this password.
// Works whether or not the shop is running (it joins the running embedded PostgreSQL).
import pino from "pino";
import { loadConfig } from "#server/core/config.ts";
import { openDatabase } from "#server/main.ts";
import { createServices } from "#server/services.ts";
import { registerBody } from "#server/modules/accounts/schemas.ts";
import { parseCliArgs } from "./args.ts";

const args = parseCliArgs({ email: { type: "string" }, password: { type: "string" }, name: { type: "string" } });
const parsed = registerBody.safeParse({
  name: args.name ?? "Administrador",
  email: args.email,
  password: args.password,
});
if (!parsed.success) {
  console.error("Usage: npm run admin:create -- --email <email> --password <password (min. 6)> [--name <name>]");
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join(".")}: ${issue.message}`);
  process.exit(2);
}
const config = loadConfig();
const logger = pino({ level: "warn" });
const runtime = await openDatabase(config, logger, { shareRunning: true });
try {
  const services = createServices({ config, db: runtime.db });
  const { created, user } = await services.accounts.upsertAdmin(parsed.data);
  console.log(`${created ? "Created" : "Updated"} admin ${user.email} (id ${user.id}).`);
} finally {
  await runtime.close();
}
