/**
 * PostgreSQL error codes (SQLSTATE) of database errors, whoever wrapped them: Drizzle puts the
 * driver's error on `cause` (DrizzleQueryError), so reading `error.code` alone misses it.
 * Every service and the error handler read codes through here.
 */

const SQLSTATE = /^[0-9A-Z]{5}$/;

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
export const PG_RESTRICT_VIOLATION = "23001";
export const PG_CHECK_VIOLATION = "23514";

/** The PostgreSQL error (the object carrying the SQLSTATE) in the error's cause chain. */
export function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e !== null && typeof e === "object"; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && SQLSTATE.test(code)) {
      return typeof constraint === "string" ? { code, constraint } : { code };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a (possibly wrapped) PostgreSQL error, or undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}

export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === PG_UNIQUE_VIOLATION;

/** A row is still referenced (e.g. a user with orders): FOREIGN KEY or RESTRICT. */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const code = pgErrorCode(error);
  return code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION;
};

/** A CHECK constraint failed; with a name, only that constraint counts. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === PG_CHECK_VIOLATION && (constraint === undefined || pg.constraint === constraint);
}
