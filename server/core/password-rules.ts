import commonPasswords from "./common-passwords.json" with { type: "json" };

/**
 * What a new password may not be, beyond the spec's minimum of 6 characters. Shared by the API
 * schemas and the forms (server/modules/accounts/schemas.ts), so the browser says the same as the server.
 *
 * common-passwords.json: the 4 000 most common passwords of 6 or more characters (lower case), from the
 * frequency-ranked list of @zxcvbn-ts/language-common 4.1.3 (MIT), plus a few common in Portugal.
 */
export const COMMON_PASSWORD_MESSAGE = "Esta palavra-passe é demasiado comum. Escolha uma mais difícil de adivinhar.";
export const REPEATED_PASSWORD_MESSAGE = "A palavra-passe não pode ser um único carácter repetido.";

const COMMON = new Set<string>(commonPasswords);

/** "aaaaaa", six spaces: one character, however often. */
export function isOneRepeatedCharacter(password: string): boolean {
  const chars = [...password];
  return chars.length > 0 && chars.every((c) => c === chars[0]);
}

/** In the shipped list, ignoring case and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase()) || COMMON.has(password.trim().toLowerCase());
}
