import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { withdrawalLinks } from "#server/modules/aftersale/schema.ts";

/*
 * The one-time link of a public declaration (decision 0023), as the accounts' reset and sign-in links are made
 * (accounts/account-links.ts): 32 random bytes in the e-mail, only their SHA-256 in the database; a new link replaces
 * the request's unused ones; used once (confirming or cancelling), dead after LINK_TTL_DAYS, and dead as soon as the
 * owner completes or cancels the request in /conta.
 */

export const LINK_TTL_DAYS = 30;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new link for a request (its unused ones die): the token to e-mail, its row and when it stops working. */
export async function issueLink(tx: Tx, returnId: number) {
  await revokeLinks(tx, returnId);
  const token = randomBytes(32).toString("base64url");
  const [row] = await tx
    .insert(withdrawalLinks)
    .values({
      returnId,
      tokenHash: hashOf(token),
      expiresAt: sql`now() + make_interval(days => ${LINK_TTL_DAYS})`,
    })
    .returning({ id: withdrawalLinks.id, expiresAt: withdrawalLinks.expiresAt });
  return { token, id: row!.id, expiresAt: row!.expiresAt };
}

/** The link's row while it works (not used, not expired), locked when it is about to be used; otherwise null. */
export async function liveLink(tx: Tx, token: string, lock: boolean) {
  const query = tx
    .select()
    .from(withdrawalLinks)
    .where(
      and(
        eq(withdrawalLinks.tokenHash, hashOf(token)),
        isNull(withdrawalLinks.usedAt),
        gt(withdrawalLinks.expiresAt, sql`now()`),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Used up: it never works again. */
export async function useLink(tx: Tx, linkId: number) {
  await tx
    .update(withdrawalLinks)
    .set({ usedAt: sql`now()` })
    .where(eq(withdrawalLinks.id, linkId));
}

/** Every unused link of a request dies (a new one replaces them, or the owner acted in /conta). */
export async function revokeLinks(tx: Pick<Tx, "delete">, returnId: number) {
  await tx.delete(withdrawalLinks).where(and(eq(withdrawalLinks.returnId, returnId), isNull(withdrawalLinks.usedAt)));
}
