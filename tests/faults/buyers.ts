/*
 * Buyers for one drill only. One cliente account may hold only a few unpaid orders
 * (server/modules/orders/rules.ts), so a drill that places many orders gives them to accounts of its own
 * and leaves the shared ctx.buyers free for the next drills. Their sessions are written the way
 * POST /users/login writes them (the login itself is rate-limited per address, 100 per 15 min,
 * which a few hundred drill accounts would exceed); the shops check them like any other.
 */
import { randomBytes } from "node:crypto";
import {
  CSRF_COOKIE,
  csrfTokenFor,
  hashToken,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "#server/modules/accounts/sessions.ts";
import { MAX_PENDING_ORDERS_PER_ACCOUNT } from "#server/modules/orders/rules.ts";
import { sessions } from "#server/modules/accounts/schema.ts";
import type { FaultContext } from "./context.ts";
import { seedBuyers, SESSION_SECRET, type Auth, type Buyer } from "./harness.ts";

/** Orders one drill account may place while leaving them all unpaid. */
export const ORDERS_PER_ACCOUNT = MAX_PENDING_ORDERS_PER_ACCOUNT;

/** `count` new cliente accounts, signed in on both shops (ctx.auth), for one drill. */
export async function seedSignedInBuyers(ctx: FaultContext, count: number, prefix: string): Promise<Buyer[]> {
  const buyers = await seedBuyers(ctx.db, count, prefix);
  const tokens = buyers.map(() => randomBytes(32).toString("base64url"));
  await ctx.db.insert(sessions).values(
    buyers.map((b, i) => ({
      idHash: hashToken(tokens[i]!),
      userId: b.id,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })),
  );
  buyers.forEach((b, i) => {
    const token = tokens[i]!;
    const csrf = csrfTokenFor(SESSION_SECRET, token);
    const auth: Auth = { cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`, "x-csrf-token": csrf };
    // Sessions live in the shared database: the same cookie works on either instance.
    ctx.auth.set(b.id, [auth, auth]);
  });
  return buyers;
}
