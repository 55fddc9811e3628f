import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { emailVerificationTokens, passwordResetTokens, sessions, signInLinkTokens, users } from "./schema.ts";
import { BadRequestError, ForbiddenError, NotFoundError } from "#server/core/errors.ts";
import { verifyPassword } from "./passwords.ts";

/*
 * RGPD on /conta/privacidade, the accounts module's part: the account's own row for the export, and for 'Eliminar
 * conta' the password check and the anonymisation. The whole story, with the orders, payments and returns it
 * reaches, is server/flows/account-privacy/account-privacy.ts; what deletion erases and keeps, and why:
 * docs/decisions/0012-account-deletion.md.
 */

export const WRONG_PASSWORD = "A palavra-passe está incorreta.";
export const DELETED_NAME = "Conta eliminada";
export const ACCOUNT_DELETED_MESSAGE =
  "A sua conta foi eliminada e a sessão terminada. Guardamos apenas os dados de faturação das suas encomendas, " +
  "como a lei exige.";
export const ADMIN_CANNOT_DELETE =
  "Uma conta de administrador não pode ser eliminada aqui. Peça a outro administrador que lhe retire a função de " +
  "administrador e tente de novo.";
const USER_NOT_FOUND = "Utilizador não encontrado";

/** A unique address that no mail server accepts (.invalid is reserved, RFC 2606); it frees the real address. */
export const anonymisedEmail = (userId: number) => `conta-eliminada-${userId}@loja.invalid`;

export interface ExportedAccount {
  id: number;
  name: string;
  email: string;
  function: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
}

/** The account as the export shows it (never the password hash); 404 when there is none. */
export async function accountForExport(tx: Tx, userId: number): Promise<ExportedAccount> {
  const [account] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      function: users.function,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new NotFoundError(USER_NOT_FOUND);
  return account;
}

/** 'Eliminar conta' asks for the password (400 when wrong); an admin account is refused (403). Before any lock. */
export async function checkDeletionRequest(db: Database, userId: number, password: string): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, function: users.function })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.anonymisedAt)));
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new BadRequestError(WRONG_PASSWORD, [{ path: "/password", message: WRONG_PASSWORD }]);
  }
  if (user.function === "admin") throw new ForbiddenError(ADMIN_CANNOT_DELETE);
}

/**
 * The account about to be deleted, its row locked until the transaction ends: a second deletion (another tab) waits,
 * then finds nothing to do (404). Its name and address, for the last e-mail.
 */
export async function lockAccountForDeletion(tx: Tx, userId: number): Promise<{ name: string; email: string }> {
  const [current] = await tx
    .select({ name: users.name, email: users.email, function: users.function })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.anonymisedAt)))
    .for("update");
  if (!current) throw new NotFoundError(USER_NOT_FOUND);
  if (current.function === "admin") throw new ForbiddenError(ADMIN_CANNOT_DELETE);
  return { name: current.name, email: current.email };
}

/**
 * The account is anonymised (not removed: its orders reference it and must stay for accounting): no name, an address
 * nobody receives, a password nothing matches; its sessions and e-mailed links end.
 */
export async function anonymiseAccount(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      name: DELETED_NAME,
      email: anonymisedEmail(userId),
      // Not an Argon2 hash: verifyPassword is false for every password.
      passwordHash: `!deleted:${randomBytes(16).toString("base64url")}`,
      anonymisedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(signInLinkTokens).where(eq(signInLinkTokens.userId, userId));
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}
