import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/* The tables of accounts. Money is integer cents; every timestamp has a time zone. */

export const users = pg.pgTable(
  "users",
  {
    id: pg.serial("id").primaryKey(),
    name: pg.text("name").notNull(),
    email: pg.text("email").notNull(),
    passwordHash: pg.text("password_hash").notNull(),
    function: pg.text("function").notNull().default("cliente"),
    emailVerifiedAt: pg.timestamp("email_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the shopper deleted the account (RGPD): name and e-mail are replaced, orders stay for accounting. */
    anonymisedAt: pg.timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    pg.check("users_function_check", sql`${t.function} in ('admin', 'cliente')`),
  ],
);

export const sessions = pg.pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a database leak does not leak live sessions. */
    idHash: pg.text("id_hash").primaryKey(),
    userId: pg
      .integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: pg.timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index("sessions_user_idx").on(t.userId), pg.index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * A single-use link's token (only its SHA-256 is stored), for one user, until it expires or is used:
 * e-mail verification and password reset have the same columns.
 */
function tokenTable(name: string) {
  return pg.pgTable(
    name,
    {
      tokenHash: pg.text("token_hash").primaryKey(),
      userId: pg
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      createdAt: createdAt(),
      expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
      usedAt: pg.timestamp("used_at", { withTimezone: true }),
    },
    (t) => [pg.index(`${name}_user_idx`).on(t.userId)],
  );
}

export const emailVerificationTokens = tokenTable("email_verification_tokens");

/** "Esqueceu-se da palavra-passe?": single-use links valid for one hour. */
export const passwordResetTokens = tokenTable("password_reset_tokens");

/** 'Enviar ligação de acesso' (login page, past the account's sign-in ceiling): single-use links valid 15 minutes. */
export const signInLinkTokens = tokenTable("sign_in_link_tokens");

/**
 * A link asked for by e-mail address ('Esqueceu-se da palavra-passe?', 'Enviar ligação de acesso'), waiting for the
 * job that decides whether to send it: the request answers after this one insert whether or not the address has an
 * account, so its timing tells nothing (account-links.ts).
 */
export const accountLinkRequests = pg.pgTable(
  "account_link_requests",
  {
    id: pg.serial("id").primaryKey(),
    kind: pg.text("kind").notNull(),
    email: pg.text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.check("account_link_requests_kind_check", sql`${t.kind} in ('password-reset', 'sign-in')`)],
);
