import { TooManyRequestsError } from "#server/core/errors.ts";
import type { RateLimiter } from "#server/core/rate-limit.ts";

/**
 * Sign-in attempts are counted three ways per 15 minutes:
 * - per account and address: a guesser is stopped after a few tries, but only at their address,
 *   so a stranger cannot lock the owner out;
 * - per account, with a higher ceiling: a guesser spread over many addresses is still stopped;
 * - per address: one address trying many accounts. A sign-in that succeeds is given back to its
 *   address, so many shoppers behind one address (a carrier's NAT, an office) are never locked out.
 * A refused attempt is not counted further (the pair is checked before the account), so one
 * address alone cannot reach the account's ceiling.
 * Past the account's ceiling its owner still gets in (issue 20, item 8): from a browser that signed in before
 * (the signed device cookie, sessions.ts), or through 'Enviar ligação de acesso' (account-links.ts).
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: 10,
  perAccount: 100,
  perAddress: 100,
  windowMs: 15 * 60_000,
} as const;

function keysFor(email: string, ip: string) {
  const account = email.trim().toLowerCase();
  return { address: `login:ip:${ip}`, pair: `login:email-ip:${account}|${ip}`, account: `login:email:${account}` };
}

/**
 * Counts one sign-in attempt; throws the 429 error when any limit is passed. Past the per-account ceiling only,
 * a browser that signed in to this account before (its device cookie, `knownDevice`) still gets its attempt: a
 * guesser spread over many addresses cannot lock the owner out of their own devices, while the per-address and
 * per-pair limits still bound that browser.
 */
export async function countLoginAttempt(
  limiter: RateLimiter,
  email: string,
  ip: string,
  knownDevice?: () => Promise<boolean>,
): Promise<void> {
  const keys = keysFor(email, ip);
  const { windowMs } = LOGIN_LIMITS;
  await limiter.hit(keys.address, LOGIN_LIMITS.perAddress, windowMs);
  await limiter.hit(keys.pair, LOGIN_LIMITS.perAccountAndAddress, windowMs);
  try {
    await limiter.hit(keys.account, LOGIN_LIMITS.perAccount, windowMs);
  } catch (error) {
    if (error instanceof TooManyRequestsError && knownDevice && (await knownDevice())) return;
    throw error;
  }
}

/**
 * The owner signed in: their attempts no longer count against the account or this address, and
 * this attempt is given back to the address (only failures count there).
 */
export async function forgetLoginAttempts(limiter: RateLimiter, email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  await limiter.reset(keys.pair);
  await limiter.reset(keys.account);
  await limiter.refund(keys.address);
}
