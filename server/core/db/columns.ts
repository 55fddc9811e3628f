import { timestamp } from "drizzle-orm/pg-core";

/** The creation time every table records (with its time zone). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
