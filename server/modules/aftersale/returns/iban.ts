// The IBAN rules live in rules.ts (browser-safe: the withdrawal form imports them too).
export { formatIban, IBAN_MESSAGE, isValidPtIban, normaliseIban } from "./rules.ts";
