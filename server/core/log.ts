import pino from "pino";

/** The one logger: the API's request logs, the jobs and the web app's server-side errors all write through it. */
export type Logger = pino.Logger;

/** What a caller writes with: the process logger, or a request's child of it (Fastify's `request.log`). */
export type Log = Pick<pino.BaseLogger, "fatal" | "error" | "warn" | "info" | "debug" | "trace">;

/** JSON lines in production; coloured, readable lines in development (pino-pretty). */
export function createLogger(opts: { level: string; pretty: boolean }): Logger {
  return pino({
    level: opts.level,
    ...(opts.pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
