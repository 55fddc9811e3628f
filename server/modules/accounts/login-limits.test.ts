import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser } from "#tests/support/http.ts";
import { LOGIN_LIMITS } from "./login-limits.ts";

/**
 * Wrong passwords are limited per account AND address, so a stranger elsewhere cannot lock the
 * owner out; a higher per-account ceiling still stops a guesser spread over many addresses
 * (issue 11, 3.5).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/users/login", payload: { email, password }, remoteAddress });

describe("login limits", () => {
  it("a guesser at one address is stopped there while the owner signs in from another", async () => {
    const owner = await createUser(t.db, "cliente");
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress + 2; i++) {
      codes.push((await attempt(owner.email, `errada-${i}`, "203.0.113.7")).statusCode);
    }
    expect(codes.slice(0, LOGIN_LIMITS.perAccountAndAddress)).toEqual(
      Array(LOGIN_LIMITS.perAccountAndAddress).fill(400),
    );
    expect(codes.slice(LOGIN_LIMITS.perAccountAndAddress)).toEqual([429, 429]);

    const ownerLogin = await attempt(owner.email, owner.password, "198.51.100.20");
    expect(ownerLogin.statusCode, ownerLogin.body).toBe(200);
    expect(ownerLogin.json().user.id).toBe(owner.id);

    // The guesser's address stays limited for this account, even with the right password.
    const guesser = await attempt(owner.email, owner.password, "203.0.113.7");
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json().message).toBe("Demasiadas tentativas. Aguarde um pouco e tente novamente.");
    expect(Number(guesser.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("past the per-account ceiling, spread over many addresses, every address is limited for that account", async () => {
    const owner = await createUser(t.db, "cliente");
    const other = await createUser(t.db, "cliente");
    expect(LOGIN_LIMITS.perAccount).toBeGreaterThan(LOGIN_LIMITS.perAccountAndAddress);
    const addresses = Math.ceil(LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAndAddress);
    let refused = 0;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
        const res = await attempt(owner.email, `errada-${a}-${i}`, `192.0.2.${a + 1}`);
        if (res.statusCode !== 400) refused++;
      }
    }
    expect(refused).toBe(0);
    // The ceiling is reached: the owner from a fresh address is limited too…
    const ownerLogin = await attempt(owner.email, owner.password, "198.51.100.99");
    expect(ownerLogin.statusCode).toBe(429);
    // …but only for this account: another account signs in from one of those addresses.
    const otherLogin = await attempt(other.email, other.password, "192.0.2.1");
    expect(otherLogin.statusCode, otherLogin.body).toBe(200);
  }, 90_000);

  it("many shoppers behind one address (a carrier's NAT, an office) all sign in: only failures count for the address", async () => {
    const shoppers = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAddress + 5 }, () => createUser(t.db, "cliente")),
    );
    const codes: number[] = [];
    for (const shopper of shoppers)
      codes.push((await attempt(shopper.email, shopper.password, "100.64.0.9")).statusCode);
    expect(codes).toEqual(Array(shoppers.length).fill(200));

    // Failures at that address are still limited: one address guessing many accounts is stopped.
    const failures: number[] = [];
    for (const shopper of shoppers.slice(0, LOGIN_LIMITS.perAddress + 1)) {
      failures.push((await attempt(shopper.email, "errada", "100.64.0.9")).statusCode);
    }
    expect(failures.slice(0, LOGIN_LIMITS.perAddress)).toEqual(Array(LOGIN_LIMITS.perAddress).fill(400));
    expect(failures[LOGIN_LIMITS.perAddress]).toBe(429);
    // About forty Argon2id hashes in a row: seconds on a quiet machine, past the default 20 s at a load of 20.
  }, 90_000);
});
