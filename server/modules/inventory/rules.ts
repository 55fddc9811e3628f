/**
 * Stock words the admin's stock dialog shows in the browser too (no zod, no database); schemas.ts builds the
 * request schemas and the API's messages from them.
 */

/** The reason a stock change is recorded with when the admin gives none. */
export const DEFAULT_REASON = "Atualização manual";

/** The answer to a saved stock change. */
export const STOCK_UPDATED = "Stock atualizado com sucesso!";
