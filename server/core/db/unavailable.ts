/**
 * Errors that mean "the database cannot be reached right now" (it is restarting, down, or the
 * connection dropped), as opposed to errors of the query itself. The HTTP layer answers these
 * with 503 and a pt-PT message instead of 500.
 */

/** Socket-level failures reaching the server (Node's errno codes). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** SQLSTATEs of a server that is shutting down, starting up, or out of connections. */
const SERVER_CODES = new Set([
  "57P01", // admin_shutdown (the server is stopping, or pg_terminate_backend)
  "57P02", // crash_shutdown (another backend crashed, the postmaster resets)
  "57P03", // cannot_connect_now (starting up, in recovery)
  "53300", // too_many_connections
]);

/** Messages of node-postgres when a connection ends or cannot be made (they carry no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/i, // "Connection terminated unexpectedly", "... due to connection timeout"
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
];

function unavailableHere(e: object): boolean {
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
  }
  return typeof message === "string" && DRIVER_MESSAGES.some((re) => re.test(message));
}

/** True when the error (or anything in its cause chain, or an AggregateError's parts) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 12; seen++) {
    const e = queue.shift();
    if (e === null || typeof e !== "object") continue;
    if (unavailableHere(e)) return true;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (cause !== undefined) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/** True when the database answers `select 1` within timeoutMs (a saturated pool or a hung server counts as no). */
export async function databaseAnswers(
  pool: { query(text: string): Promise<unknown> },
  timeoutMs = 2_000,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([pool.query("select 1").then(() => true as const), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
