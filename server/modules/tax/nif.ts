/*
 * Portuguese tax numbers (NIF/NIPC): the rule lives in rules.ts (browser-safe, decision 0016), re-exported here for
 * the server's imports.
 */
export { CONSUMIDOR_FINAL_NIF, isValidNif, NIF_MESSAGE, normaliseNif } from "./rules.ts";
