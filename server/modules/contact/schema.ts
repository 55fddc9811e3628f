import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/* The tables of contact. Money is integer cents; every timestamp has a time zone. */

/** Messages sent through /contato: stored, listed for the admin, and e-mailed to the shop. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
