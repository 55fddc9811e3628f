import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { BadRequestError } from "#server/core/errors.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { countRateLimitHit } from "#server/core/rate-limit.ts";
import { passwordResetMail, signInLinkMail } from "./mails.ts";
import { accountLinkRequests, passwordResetTokens, signInLinkTokens, users } from "./schema.ts";
import type { PublicUser, Role } from "./schemas.ts";
import { hashToken, type SessionStore } from "./sessions.ts";

/*
 * The links e-mailed to whoever types an address: 'Esqueceu-se da palavra-passe?' (a password reset) and
 * 'Enviar ligação de acesso' (a one-time sign-in, offered when the account is past its sign-in ceiling).
 *
 * The request only writes one row (account_link_requests), the same for a customer's address and an unknown one,
 * and answers: its timing tells nothing. The mail job (processLinkRequests, run before each outbox drain) decides
 * later whether the address has an account and sends at most MAILS_PER_HOUR links of each kind to it, silently:
 * a stranger asking again and again for someone's address fills nobody's inbox and never refuses the owner.
 */

export type LinkKind = "password-reset" | "sign-in";

export const RESET_TTL_MS = 3600 * 1000;
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** Links of one kind mailed to one account in an hour; further requests are answered alike and send nothing. */
export const MAILS_PER_HOUR = 3;
const HOUR_MS = 3600 * 1000;
/** Requests handled per transaction by the job. */
const BATCH = 50;

export const SIGN_IN_LINK_INVALID = "Esta ligação de acesso é inválida, já foi usada ou expirou. Peça uma nova.";
export const SIGN_IN_LINK_MESSAGE =
  "Se existir uma conta com este email, enviámos-lhe uma ligação de acesso. " +
  "A ligação é válida durante 15 minutos e só pode ser usada uma vez.";

export interface AccountLinksDeps {
  db: Database;
  sessions: SessionStore;
  publicUrl: string;
  onMailQueued: () => void;
  shopName: () => Promise<string>;
}

/** The request path: one insert, whatever the address. */
export async function requestAccountLink(
  deps: Pick<AccountLinksDeps, "db" | "onMailQueued">,
  kind: LinkKind,
  email: string,
): Promise<void> {
  await deps.db.insert(accountLinkRequests).values({ kind, email: email.trim().toLowerCase() });
  deps.onMailQueued();
}

const tableOf = (kind: LinkKind) => (kind === "password-reset" ? passwordResetTokens : signInLinkTokens);

/**
 * The job: takes the waiting requests (several instances share them: skip locked) and, for each address that has
 * a live account still under its hourly allowance, replaces that kind's unused link with a new one and queues the
 * mail. Returns the number of mails queued.
 */
export async function processLinkRequests(deps: AccountLinksDeps): Promise<number> {
  let queued = 0;
  let shop: string | undefined;
  for (;;) {
    const handled = await deps.db.transaction(async (tx) => {
      const picked = await tx
        .select()
        .from(accountLinkRequests)
        .orderBy(accountLinkRequests.id)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (picked.length === 0) return 0;
      shop ??= await deps.shopName();
      for (const request of picked) {
        if (await sendLink(deps, tx, shop, request.kind as LinkKind, request.email)) queued++;
      }
      await tx.delete(accountLinkRequests).where(
        inArray(
          accountLinkRequests.id,
          picked.map((r) => r.id),
        ),
      );
      return picked.length;
    });
    if (handled < BATCH) break;
  }
  if (queued > 0) deps.onMailQueued();
  return queued;
}

async function sendLink(deps: AccountLinksDeps, tx: Tx, shop: string, kind: LinkKind, email: string) {
  const [user] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.anonymisedAt)))
    .limit(1)
    .for("update");
  if (!user) return false;
  const allowance = await countRateLimitHit(tx, `link-mail:${kind}:${user.id}`, HOUR_MS);
  if (allowance.count > MAILS_PER_HOUR) return false;
  const table = tableOf(kind);
  // A new link replaces the ones not used yet.
  await tx.delete(table).where(and(eq(table.userId, user.id), isNull(table.usedAt)));
  const token = randomBytes(32).toString("base64url");
  const ttl = kind === "password-reset" ? RESET_TTL_MS : SIGN_IN_LINK_TTL_MS;
  await tx
    .insert(table)
    .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + ttl) });
  const mail =
    kind === "password-reset"
      ? passwordResetMail(shop, user.name, user.email, `${deps.publicUrl}/redefinir-palavra-passe?token=${token}`)
      : signInLinkMail(shop, user.name, user.email, `${deps.publicUrl}/login?ligacao=${token}`);
  await enqueueMail(tx, mail);
  return true;
}

/**
 * Every link not used yet dies: called when the password changes (reset, /conta/palavra-passe, an admin) or the
 * account's e-mail changes, in that change's transaction.
 */
export async function revokeAccountLinks(tx: Pick<Database, "delete">, userId: number): Promise<void> {
  for (const table of [passwordResetTokens, signInLinkTokens]) {
    await tx.delete(table).where(and(eq(table.userId, userId), isNull(table.usedAt)));
  }
}

/**
 * Signs in through a one-time link: uses it up (atomically), and the link proves the address. Returns the user and
 * a new session's token.
 */
export async function useSignInLink(
  deps: Pick<AccountLinksDeps, "db" | "sessions">,
  token: string,
): Promise<{ user: PublicUser; token: string }> {
  if (!token || token.length > 200) throw new BadRequestError(SIGN_IN_LINK_INVALID);
  const user = await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(signInLinkTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(signInLinkTokens.tokenHash, hashToken(token)),
          isNull(signInLinkTokens.usedAt),
          gt(signInLinkTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: signInLinkTokens.userId });
    if (!used) throw new BadRequestError(SIGN_IN_LINK_INVALID);
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, used.userId), isNull(users.anonymisedAt)))
      .returning({ id: users.id, name: users.name, email: users.email, function: users.function });
    if (!row) throw new BadRequestError(SIGN_IN_LINK_INVALID);
    return row;
  });
  const session = await deps.sessions.create(user.id);
  return { user: { ...user, function: user.function as Role }, token: session.token };
}
