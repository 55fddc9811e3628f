import type { RateLimiter } from "#server/core/rate-limit.ts";

/*
 * The public withdrawal calls' rate limits, shared by the API routes (public-routes.ts) and the pages' actions
 * posted without script (app/components/account/withdrawal.server.ts): the same counters either way.
 */

const MINUTE = 60_000;

/** The declaration's tries, per address and per e-mail, like the other public forms. */
export async function limitDeclaration(limiter: RateLimiter, ip: string, email: string) {
  await limiter.hit(`withdrawal:ip:${ip}`, 20, 60 * MINUTE);
  await limiter.hit(`withdrawal:email:${email}`, 10, 60 * MINUTE);
}

/** The link's calls per address (its token is 256 random bits: this only bounds the work a client can cause). */
export async function limitLink(limiter: RateLimiter, ip: string) {
  await limiter.hit(`withdrawal-link:ip:${ip}`, 60, 60 * MINUTE);
}
