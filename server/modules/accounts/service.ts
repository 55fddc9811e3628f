import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, ilike, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { likeContains } from "#server/core/zod.ts";
import { isForeignKeyViolation, isUniqueViolation } from "#server/core/db/pg-errors.ts";
import { emailVerificationTokens, users } from "./schema.ts";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { eraseMailTo } from "#server/core/mail/retention.ts";
import { alreadyRegisteredMail, verificationMail, welcomeMail } from "./mails.ts";
import {
  processLinkRequests,
  requestAccountLink,
  revokeAccountLinks,
  SIGN_IN_LINK_MESSAGE,
  useSignInLink,
} from "./account-links.ts";
import { createPasswordReset, type PasswordReset } from "./password-reset.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import type { LoginBody, PublicUser, RegisterBody, Role } from "./schemas.ts";
import { hashToken, type SessionStore } from "./sessions.ts";

export const VERIFICATION_TTL_MS = 24 * 3600 * 1000;
export const REGISTER_SUCCESS_MESSAGE =
  "Utilizador registado com sucesso! Enviámos um email para confirmar o seu endereço.";
export const INVALID_CREDENTIALS = "Credenciais inválidas";
export const WRONG_CURRENT_PASSWORD = "A palavra-passe atual está incorreta.";
export const EMAIL_NOT_VERIFIED = "Confirme o seu email antes de iniciar sessão: siga o link que lhe enviámos.";

function toPublicUser(row: { id: number; name: string; email: string; function: string }): PublicUser {
  return { id: row.id, name: row.name, email: row.email, function: row.function as Role };
}

const publicColumns = { id: users.id, name: users.name, email: users.email, function: users.function };

export interface AccountsDeps {
  db: Database;
  sessions: SessionStore;
  publicUrl: string;
  onMailQueued: () => void;
  /** The shop's name in the e-mails (its settings, cached). */
  shopName: () => Promise<string>;
}

/** Sign-up, e-mail verification, sign-in, the admins' user management and password changes. */
export interface AccountsService {
  /** 'Esqueceu-se da palavra-passe?' (password-reset.ts). */
  passwordReset: PasswordReset;
  /** The e-mailed links' job and 'Enviar ligação de acesso' (account-links.ts). */
  links: {
    /** The mail job: sends the links asked for, to addresses that have an account (silently capped per hour). */
    processPending(): Promise<number>;
    /** POST /api/users/login-link: the same answer whether or not the address has an account. */
    requestSignIn(email: string): Promise<{ message: string }>;
    /** POST /api/users/login-link/use: a new session through a one-time link. */
    useSignIn(token: string): Promise<{ user: PublicUser; token: string }>;
  };
  /** Whether this e-mail is the sign-in of the account `userId` (a known device past the account's ceiling). */
  isAccountOf(userId: number, email: string): Promise<boolean>;
  /** POST /api/users/register: the same answer whether or not the e-mail already has an account. */
  register(input: RegisterBody): Promise<{ message: string }>;
  /** POST /api/email/send (admin): a fresh verification link, or the welcome e-mail. */
  sendAccountMail(input: {
    userId: number;
    email?: string;
    type: "verificacao" | "boas-vindas";
  }): Promise<{ trackingId: number; message: string }>;
  /** GET /api/users/verificar-email: uses the link's token up. */
  verifyEmail(token: string | undefined): Promise<{ message: string }>;
  /** POST /api/users/login: a new session for a verified account. */
  login(input: LoginBody): Promise<{ user: PublicUser; token: string }>;
  logout(token: string): Promise<void>;
  /** Creates the account, or updates its name, password and role: used by ADMIN_EMAIL and admin:create. */
  upsertAdmin(input: {
    email: string;
    password: string;
    name?: string;
  }): Promise<{ created: boolean; user: PublicUser }>;
  countAdmins(): Promise<number>;
  /** /dashboard's users. */
  list(): Promise<PublicUser[]>;
  /** /dashboard's users, one page (staff first) and the number of matches. */
  listPage(query: { page: number; limit: number; search?: string | undefined }): Promise<{
    items: PublicUser[];
    total: number;
  }>;
  get(id: number): Promise<PublicUser>;
  /** /usuarios/create: always an admin. */
  createAdmin(input: { name: string; email: string; password: string }): Promise<PublicUser>;
  /** /usuarios/editar: never the last admin's role, never one's own. */
  update(actor: PublicUser, id: number, input: { name: string; email: string; function?: Role }): Promise<PublicUser>;
  remove(actor: PublicUser, id: number): Promise<void>;
  /** PUT /api/users/me/password (/conta/palavra-passe). */
  changeOwnPassword(
    userId: number,
    input: { currentPassword: string; newPassword: string },
    currentToken: string,
  ): Promise<{ message: string }>;
  changePassword(userId: number, newPassword: string, currentToken?: string): Promise<void>;
}

export function createAccountsService(deps: AccountsDeps): AccountsService {
  const { db } = deps;
  return {
    passwordReset: createPasswordReset(deps),
    links: {
      processPending: () => processLinkRequests(deps),
      requestSignIn: async (email) => {
        await requestAccountLink(deps, "sign-in", email);
        return { message: SIGN_IN_LINK_MESSAGE };
      },
      useSignIn: (token) => useSignInLink(deps, token),
    },
    isAccountOf: async (userId, email) => (await findByEmail(db, email))?.id === userId,
    register: (input) => register(deps, input),
    sendAccountMail: (input) => sendAccountMail(deps, input),
    verifyEmail: (token) => verifyEmail(db, token),
    login: (input) => login(deps, input),
    logout: (token) => logout(deps, token),
    upsertAdmin: (input) => upsertAdmin(deps, input),
    countAdmins: () => countAdmins(db),
    list: () => listUsers(db),
    listPage: (query) => listUsersPage(db, query),
    get: (id) => getUser(db, id),
    createAdmin: (input) => createAdmin(db, input),
    update: (actor, id, input) => updateUser(deps, actor, id, input),
    remove: (actor, id) => removeUser(db, actor, id),
    changeOwnPassword: (userId, input, currentToken) => changeOwnPassword(deps, userId, input, currentToken),
    changePassword: (userId, newPassword, currentToken) => changePassword(deps, userId, newPassword, currentToken),
  };
}

async function findByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/**
 * Registers a cliente and mails a single-use verification link. An e-mail that
 * already has an account gets the same answer (and a mail saying so), so the form
 * cannot be used to find out who is a customer.
 */
export async function register(deps: AccountsDeps, input: RegisterBody): Promise<{ message: string }> {
  const [passwordHash, shop] = await Promise.all([hashPassword(input.password), deps.shopName()]);
  await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, function: "cliente" })
      .onConflictDoNothing()
      .returning({ id: users.id });
    let userId = created?.id;
    if (!userId) {
      const [existing] = await tx
        .select({ id: users.id, verified: users.emailVerifiedAt })
        .from(users)
        .where(eq(sql`lower(${users.email})`, input.email))
        .limit(1);
      // A verified account gets a notice; an unverified one a fresh link (its old one may have expired).
      if (!existing || existing.verified) {
        await enqueueMail(tx, alreadyRegisteredMail(shop, input.email, deps.publicUrl));
        return;
      }
      userId = existing.id;
    }
    const token = randomBytes(32).toString("base64url");
    await tx.insert(emailVerificationTokens).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    await enqueueMail(
      tx,
      verificationMail(shop, input.name, input.email, `${deps.publicUrl}/verificar-email?token=${token}`),
    );
  });
  deps.onMailQueued();
  return { message: REGISTER_SUCCESS_MESSAGE };
}

/**
 * POST /api/email/send (admin): sends an account e-mail of the given type to a user.
 * "verificacao" issues a fresh single-use link (only for unverified accounts); "boas-vindas"
 * greets the user. Returns the outbox id as the tracking id.
 */
export async function sendAccountMail(
  deps: AccountsDeps,
  input: {
    userId: number;
    email?: string;
    type: "verificacao" | "boas-vindas";
  },
): Promise<{ trackingId: number; message: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new NotFoundError("Utilizador não encontrado");
  if (input.email && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new BadRequestError("O email não corresponde ao utilizador indicado.");
  }
  const shop = await deps.shopName();
  const trackingId = await deps.db.transaction(async (tx) => {
    if (input.type === "verificacao") {
      if (user.emailVerifiedAt) throw new ConflictError("Este email já foi verificado.");
      const token = randomBytes(32).toString("base64url");
      await tx.insert(emailVerificationTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
      });
      return enqueueMail(
        tx,
        verificationMail(shop, user.name, user.email, `${deps.publicUrl}/verificar-email?token=${token}`),
      );
    }
    return enqueueMail(tx, welcomeMail(shop, user.name, user.email, deps.publicUrl));
  });
  deps.onMailQueued();
  return { trackingId: trackingId!, message: "Email enviado com sucesso." };
}

export async function verifyEmail(db: Database, token: string | undefined): Promise<{ message: string }> {
  if (!token) throw new BadRequestError("Token inválido.");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!row) throw new BadRequestError("Token inválido ou expirado. Registe-se novamente ou peça um novo email.");
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    return { message: "Email verificado com sucesso! Já pode iniciar sessão." };
  });
}

/** Same answer and about the same time for an unknown e-mail and a wrong password. */
export async function login(deps: AccountsDeps, input: LoginBody): Promise<{ user: PublicUser; token: string }> {
  const row = await findByEmail(deps.db, input.email);
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !valid) throw new BadRequestError(INVALID_CREDENTIALS);
  if (!row.emailVerifiedAt) throw new ForbiddenError(EMAIL_NOT_VERIFIED);
  const { token } = await deps.sessions.create(row.id);
  return { user: toPublicUser(row), token };
}

export function logout(deps: AccountsDeps, token: string): Promise<void> {
  return deps.sessions.destroy(token);
}

/** Creates the account, or updates its name, password and role: used by ADMIN_EMAIL and admin:create. */
export async function upsertAdmin(
  deps: AccountsDeps,
  input: {
    email: string;
    password: string;
    name?: string;
  },
): Promise<{ created: boolean; user: PublicUser }> {
  const existing = await findByEmail(deps.db, input.email);
  if (existing) {
    // Every start of every instance runs this: only a real password change (the hashes are salted,
    // so compare by verifying) replaces the hash and ends the admin's sessions.
    const samePassword = await verifyPassword(existing.passwordHash, input.password);
    const [row] = await deps.db
      .update(users)
      .set({
        ...(samePassword ? {} : { passwordHash: await hashPassword(input.password) }),
        function: "admin",
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, existing.id))
      .returning(publicColumns);
    if (!samePassword) {
      await revokeAccountLinks(deps.db, existing.id);
      await deps.sessions.destroyAllForUser(existing.id);
    }
    return { created: false, user: toPublicUser(row!) };
  }
  const passwordHash = await hashPassword(input.password);
  const [row] = await deps.db
    .insert(users)
    .values({
      name: input.name ?? "Administrador",
      email: input.email.trim().toLowerCase(),
      passwordHash,
      function: "admin",
      emailVerifiedAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning(publicColumns);
  if (!row) {
    // Another instance created this account at the same moment (two instances starting together).
    const created = await findByEmail(deps.db, input.email);
    return { created: false, user: toPublicUser(created!) };
  }
  return { created: true, user: toPublicUser(row) };
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.function, "admin"));
  return row?.n ?? 0;
}

// ----- admin management of users (spec: /dashboard, /usuarios/*) -----

export async function listUsers(db: Database): Promise<PublicUser[]> {
  const rows = await db.select(publicColumns).from(users).orderBy(asc(users.id));
  return rows.map(toPublicUser);
}

/**
 * GET /api/users with page, limit or search (/dashboard's 'Utilizadores'): staff (admins) first, then clientes, each
 * by id, so the accounts an owner manages stay on the first page; `search` a part of the name or e-mail.
 */
export async function listUsersPage(
  db: Database,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ items: PublicUser[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : null;
  const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const [rows, [all]] = await Promise.all([
    db
      .select(publicColumns)
      .from(users)
      .where(where)
      .orderBy(sql`(${users.function} = 'admin') desc`, asc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toPublicUser), total: all?.n ?? 0 };
}

export async function getUser(db: Database, id: number): Promise<PublicUser> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new NotFoundError("Utilizador não encontrado");
  return toPublicUser(row);
}

/** Users created from the admin screen are always admins (/usuarios/create). */
export async function createAdmin(
  db: Database,
  input: { name: string; email: string; password: string },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash, function: "admin", emailVerifiedAt: sql`now()` })
    .onConflictDoNothing()
    .returning(publicColumns);
  if (!row) throw new ConflictError("Já existe um utilizador com este email.");
  return toPublicUser(row);
}

export async function updateUser(
  deps: AccountsDeps,
  actor: PublicUser,
  id: number,
  input: { name: string; email: string; function?: Role },
): Promise<PublicUser> {
  return deps.db.transaction(async (tx) => {
    // Serialises role changes so two admins cannot demote each other at once.
    await tx.execute(sql`select pg_advisory_xact_lock(727272)`);
    const [current] = await tx.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
    if (!current) throw new NotFoundError("Utilizador não encontrado");
    const nextRole = input.function ?? (current.function as Role);
    if (current.function === "admin" && nextRole !== "admin") {
      if (actor.id === id) throw new ForbiddenError("Não pode retirar a si próprio a função de administrador.");
      const [admins] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.function, "admin"));
      if ((admins?.n ?? 0) <= 1) throw new ForbiddenError("Não é possível retirar o último administrador.");
    }
    const [row] = await tx
      .update(users)
      .set({ name: input.name, email: input.email, function: nextRole, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning(publicColumns)
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ConflictError("Já existe um utilizador com este email.");
        throw error;
      });
    if (nextRole !== current.function) await deps.sessions.destroyAllForUser(id);
    // A link mailed to the old address must not outlive the change.
    if (row!.email.toLowerCase() !== current.email.toLowerCase()) await revokeAccountLinks(tx, id);
    return toPublicUser(row!);
  });
}

export async function removeUser(db: Database, actor: PublicUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727272)`);
    if (actor.id === id) throw new ForbiddenError("Não pode eliminar a sua própria conta.");
    const [current] = await tx.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
    if (!current) throw new NotFoundError("Utilizador não encontrado");
    if (current.function === "admin") {
      const [admins] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.function, "admin"));
      if ((admins?.n ?? 0) <= 1) throw new ForbiddenError("Não é possível eliminar o último administrador.");
    }
    await tx
      .delete(users)
      .where(eq(users.id, id))
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error))
          throw new ConflictError("Este utilizador tem encomendas e não pode ser eliminado.");
        throw error;
      });
    // Its mail goes with it (decision 0012's addendum); the .eml copies, if any, at the next daily mail.purge.
    await eraseMailTo(tx, current.email);
  });
}

/**
 * PUT /api/users/me/password: checks the current password, stores the new one and ends
 * every other session of the user (the one making the change stays signed in).
 */
export async function changeOwnPassword(
  deps: AccountsDeps,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  currentToken: string,
): Promise<{ message: string }> {
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError("Utilizador não encontrado");
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    // The path lets /conta/palavra-passe show it under the field it is about.
    throw new BadRequestError(WRONG_CURRENT_PASSWORD, [{ path: "/currentPassword", message: WRONG_CURRENT_PASSWORD }]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeAccountLinks(tx, userId);
  });
  await deps.sessions.destroyAllForUser(userId, currentToken);
  return { message: "Palavra-passe alterada com sucesso." };
}

export async function changePassword(
  deps: AccountsDeps,
  userId: number,
  newPassword: string,
  currentToken?: string,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeAccountLinks(tx, userId);
  });
  await deps.sessions.destroyAllForUser(userId, currentToken);
}
