import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/* The tables of contact. Money is integer cents; every timestamp has a time zone. */

/** Messages sent through /contato: stored, listed for the admin, and e-mailed to the shop. */
export const contactMessages = pg.pgTable(
  "contact_messages",
  {
    id: pg.serial("id").primaryKey(),
    name: pg.text("name").notNull(),
    email: pg.text("email").notNull(),
    message: pg.text("message").notNull(),
    createdAt: createdAt(),
    handledAt: pg.timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [pg.index("contact_messages_created_idx").on(t.createdAt)],
);
