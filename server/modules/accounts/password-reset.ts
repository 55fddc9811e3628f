import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { passwordResetTokens, sessions, users } from "./schema.ts";
import { BadRequestError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { requestAccountLink, revokeAccountLinks } from "./account-links.ts";
import { passwordChangedMail } from "./mails.ts";
import { hashPassword } from "./passwords.ts";
import { RESET_LINK_INVALID } from "./schemas.ts";
import { hashToken } from "./sessions.ts";

/*
 * "Esqueceu-se da palavra-passe?" (/recuperar-palavra-passe → e-mail → /redefinir-palavra-passe).
 * Only the SHA-256 of a link's token is stored; a link works once, for one hour, and a newer request
 * replaces it (account-links.ts mails it). A reset ends every session of the account: someone else may be signed in with the old one.
 */

/** The one answer to every request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  "Se existir uma conta com este email, enviámos-lhe uma ligação para definir uma nova palavra-passe. " +
  "A ligação é válida durante 1 hora.";
export const RESET_DONE_MESSAGE =
  "Palavra-passe redefinida. Por segurança, terminámos todas as sessões desta conta: inicie sessão com a nova palavra-passe.";

export interface PasswordResetDeps {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
  /** The shop's name in the e-mails (its settings, cached). */
  shopName: () => Promise<string>;
}

export interface PasswordReset {
  /** POST /api/users/forgot-password: mails a link when the address has an account; the same answer either way. */
  request(email: string): Promise<{ message: string }>;
  /** POST /api/users/reset-password: the new password through a valid link; returns the account's id. */
  reset(token: string, password: string): Promise<{ userId: number; message: string }>;
}

export function createPasswordReset(deps: PasswordResetDeps): PasswordReset {
  return {
    request: (email) => requestPasswordReset(deps, email),
    reset: (token, password) => resetPassword(deps, token, password),
  };
}

/**
 * Asks the mail job for a reset link (account-links.ts): one insert and the same answer whether or not the address
 * has an account, so neither the answer nor its timing tells who is a customer.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string): Promise<{ message: string }> {
  await requestAccountLink(deps, "password-reset", email);
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * Sets the new password with a valid link, uses the link up, ends every session of the account and
 * tells the owner by e-mail, all in one transaction. The link also proves the address, so an account
 * never verified becomes verified. Returns the account's id (the route signs the browser out if it was it).
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  token: string,
  password: string,
): Promise<{ userId: number; message: string }> {
  const { db, publicUrl, shopName } = deps;
  const tokenHash = hashToken(token);
  const usable = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );
  // Checked before hashing, so bad links cost no Argon2 work; checked again, atomically, below.
  const [known] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(usable);
  if (!known) throw new BadRequestError(RESET_LINK_INVALID);
  const [passwordHash, shop] = await Promise.all([hashPassword(password), shopName()]);
  const userId = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(usable)
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new BadRequestError(RESET_LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, used.userId), isNull(users.anonymisedAt)))
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!user) throw new BadRequestError(RESET_LINK_INVALID);
    await revokeAccountLinks(tx, user.id);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await enqueueMail(tx, passwordChangedMail(shop, user.name, user.email, publicUrl));
    return user.id;
  });
  deps.onMailQueued();
  return { userId, message: RESET_DONE_MESSAGE };
}
