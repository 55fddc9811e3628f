import { integer, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** The creation time every table records (with its time zone). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A required reference to another table's row: an integer column, not null, with what its deletion does. */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: "cascade" | "restrict") =>
  integer(name).notNull().references(target, { onDelete });
