import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each module owns its tables (server/core/db/schema.ts, server/modules/*/schema.ts).
  schema: ["./server/core/db/schema.ts", "./server/modules/*/schema.ts"],
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost/loja" },
});
