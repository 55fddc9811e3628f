import { hash, verify } from "@node-rs/argon2";

// Argon2id is the library default. OWASP's argon2id baseline (19 MiB, 2 passes): ~40 ms here, cheap enough for login bursts.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the e-mail is unknown keeps login timing the same either way. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash("loja-dummy-password", options);
  return dummyHash;
}
