import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { isForeignKeyViolation, isUniqueViolation } from "#server/core/db/pg-errors.ts";
import { emailVerificationTokens, users } from "./schema.ts";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { alreadyRegisteredMail, verificationMail, welcomeMail } from "./mails.ts";
import { createPasswordReset } from "./password-reset.ts";
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

export function createAccountsService(deps: {
  db: Database;
  sessions: SessionStore;
  publicUrl: string;
  onMailQueued: () => void;
  /** The shop's name in the e-mails (its settings, cached). */
  shopName: () => Promise<string>;
}) {
  const { db, sessions, publicUrl, shopName } = deps;

  async function findByEmail(email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  return {
    /** 'Esqueceu-se da palavra-passe?' (password-reset.ts). */
    passwordReset: createPasswordReset(deps),

    /**
     * Registers a cliente and mails a single-use verification link. An e-mail that
     * already has an account gets the same answer (and a mail saying so), so the form
     * cannot be used to find out who is a customer.
     */
    async register(input: RegisterBody): Promise<{ message: string }> {
      const [passwordHash, shop] = await Promise.all([hashPassword(input.password), shopName()]);
      await db.transaction(async (tx) => {
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
            await enqueueMail(tx, alreadyRegisteredMail(shop, input.email, publicUrl));
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
          verificationMail(shop, input.name, input.email, `${publicUrl}/verificar-email?token=${token}`),
        );
      });
      deps.onMailQueued();
      return { message: REGISTER_SUCCESS_MESSAGE };
    },

    /**
     * POST /api/email/send (admin): sends an account e-mail of the given type to a user.
     * "verificacao" issues a fresh single-use link (only for unverified accounts); "boas-vindas"
     * greets the user. Returns the outbox id as the tracking id.
     */
    async sendAccountMail(input: {
      userId: number;
      email?: string;
      type: "verificacao" | "boas-vindas";
    }): Promise<{ trackingId: number; message: string }> {
      const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
      if (!user) throw new NotFoundError("Utilizador não encontrado");
      if (input.email && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new BadRequestError("O email não corresponde ao utilizador indicado.");
      }
      const shop = await shopName();
      const trackingId = await db.transaction(async (tx) => {
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
            verificationMail(shop, user.name, user.email, `${publicUrl}/verificar-email?token=${token}`),
          );
        }
        return enqueueMail(tx, welcomeMail(shop, user.name, user.email, publicUrl));
      });
      deps.onMailQueued();
      return { trackingId: trackingId!, message: "Email enviado com sucesso." };
    },

    async verifyEmail(token: string | undefined): Promise<{ message: string }> {
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
    },

    /** Same answer and about the same time for an unknown e-mail and a wrong password. */
    async login(input: LoginBody): Promise<{ user: PublicUser; token: string }> {
      const row = await findByEmail(input.email);
      const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!row || !valid) throw new BadRequestError(INVALID_CREDENTIALS);
      if (!row.emailVerifiedAt) throw new ForbiddenError(EMAIL_NOT_VERIFIED);
      const { token } = await sessions.create(row.id);
      return { user: toPublicUser(row), token };
    },

    logout: (token: string) => sessions.destroy(token),

    /** Creates the account, or updates its name, password and role: used by ADMIN_EMAIL and admin:create. */
    async upsertAdmin(input: {
      email: string;
      password: string;
      name?: string;
    }): Promise<{ created: boolean; user: PublicUser }> {
      const existing = await findByEmail(input.email);
      if (existing) {
        // Every start of every instance runs this: only a real password change (the hashes are salted,
        // so compare by verifying) replaces the hash and ends the admin's sessions.
        const samePassword = await verifyPassword(existing.passwordHash, input.password);
        const [row] = await db
          .update(users)
          .set({
            ...(samePassword ? {} : { passwordHash: await hashPassword(input.password) }),
            function: "admin",
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, existing.id))
          .returning(publicColumns);
        if (!samePassword) await sessions.destroyAllForUser(existing.id);
        return { created: false, user: toPublicUser(row!) };
      }
      const passwordHash = await hashPassword(input.password);
      const [row] = await db
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
        const created = await findByEmail(input.email);
        return { created: false, user: toPublicUser(created!) };
      }
      return { created: true, user: toPublicUser(row) };
    },

    async countAdmins(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.function, "admin"));
      return row?.n ?? 0;
    },

    // ----- admin management of users (spec: /dashboard, /usuarios/*) -----

    async list(): Promise<PublicUser[]> {
      const rows = await db.select(publicColumns).from(users).orderBy(asc(users.id));
      return rows.map(toPublicUser);
    },

    async get(id: number): Promise<PublicUser> {
      const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
      if (!row) throw new NotFoundError("Utilizador não encontrado");
      return toPublicUser(row);
    },

    /** Users created from the admin screen are always admins (/usuarios/create). */
    async createAdmin(input: { name: string; email: string; password: string }): Promise<PublicUser> {
      const passwordHash = await hashPassword(input.password);
      const [row] = await db
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, function: "admin", emailVerifiedAt: sql`now()` })
        .onConflictDoNothing()
        .returning(publicColumns);
      if (!row) throw new ConflictError("Já existe um utilizador com este email.");
      return toPublicUser(row);
    },

    async update(
      actor: PublicUser,
      id: number,
      input: { name: string; email: string; function?: Role },
    ): Promise<PublicUser> {
      return db.transaction(async (tx) => {
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
        if (nextRole !== current.function) await sessions.destroyAllForUser(id);
        return toPublicUser(row!);
      });
    },

    async remove(actor: PublicUser, id: number): Promise<void> {
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
      });
    },

    /**
     * PUT /api/users/me/password: checks the current password, stores the new one and ends
     * every other session of the user (the one making the change stays signed in).
     */
    async changeOwnPassword(
      userId: number,
      input: { currentPassword: string; newPassword: string },
      currentToken: string,
    ): Promise<{ message: string }> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) throw new NotFoundError("Utilizador não encontrado");
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        // The path lets /conta/palavra-passe show it under the field it is about.
        throw new BadRequestError(WRONG_CURRENT_PASSWORD, [
          { path: "/currentPassword", message: WRONG_CURRENT_PASSWORD },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await sessions.destroyAllForUser(userId, currentToken);
      return { message: "Palavra-passe alterada com sucesso." };
    },

    async changePassword(userId: number, newPassword: string, currentToken?: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      await db
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await sessions.destroyAllForUser(userId, currentToken);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
