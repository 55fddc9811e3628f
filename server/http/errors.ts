import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { pgErrorCode } from "../db/pg-errors.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { sendUnavailablePage, wantsHtmlPage } from "./unavailable-page.ts";

/**
 * Typed domain errors. Services throw these; the single error handler below turns
 * them into HTTP answers of the shape `{ success: false, message, error }`, where
 * message and error both carry the pt-PT text the shopper or admin reads.
 */
const APP_ERROR = Symbol.for("loja.AppError");

export class AppError extends Error {
  readonly status: number;
  readonly details: unknown;
  readonly [APP_ERROR] = true;
  constructor(status: number, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.details = details;
  }

  /**
   * The built web app (build/server/index.js) carries its own copy of this module, so a route
   * loader's `instanceof AppError` must also recognise errors thrown by the server process's copy:
   * `AppError` matches by a registered symbol; subclasses keep the ordinary prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && APP_ERROR in value;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, message, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Tem de iniciar sessão para continuar.") {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "Não tem permissão para aceder a este recurso.") {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Recurso não encontrado.") {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, message, details);
  }
}
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message = "Demasiadas tentativas. Aguarde um pouco e tente novamente.", retryAfterSeconds = 60) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const UNAVAILABLE_MESSAGE = "Serviço temporariamente indisponível. Tente novamente dentro de momentos.";

/** A dependency is down (the database, the uploads disk): 503 with Retry-After, never 500. */
export class ServiceUnavailableError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message = UNAVAILABLE_MESSAGE, opts: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(503, message);
    this.retryAfterSeconds = opts.retryAfterSeconds ?? 5;
    if (opts.cause !== undefined) this.cause = opts.cause;
  }
}

export function errorBody(message: string, details?: unknown) {
  return details === undefined
    ? { success: false, message, error: message }
    : { success: false, message, error: message, details };
}

/** pg error codes that mean "the input broke a constraint", not "the server broke". */
const CONSTRAINT_CODES: Record<string, number> = {
  "23505": 409, // unique_violation
  "23503": 409, // foreign_key_violation
  "23001": 409, // restrict_violation
  "23514": 400, // check_violation
  "22003": 400, // numeric_value_out_of_range
  "22P02": 400, // invalid_text_representation
  "22001": 400, // string_data_right_truncation
  "22021": 400, // character_not_in_repertoire (a NUL byte in text)
  "22P05": 400, // untranslatable_character (\u0000 in jsonb)
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((caught: FastifyError & { code?: string }, request, reply) => {
    // The database is unreachable (restarting, down, connection dropped): 503, not 500.
    const error = isDatabaseUnavailable(caught)
      ? new ServiceUnavailableError(UNAVAILABLE_MESSAGE, { cause: caught })
      : caught;
    if (error instanceof TooManyRequestsError) reply.header("retry-after", String(error.retryAfterSeconds));
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ err: error.cause ?? error }, "dependency unavailable");
      reply.header("retry-after", String(error.retryAfterSeconds));
      if (wantsHtmlPage(request)) return sendUnavailablePage(reply, error.message);
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message && !first.message.startsWith("Invalid") ? first.message : "Dados inválidos.";
      return reply.status(400).send(
        errorBody(
          message,
          error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
        ),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send(errorBody("Erro interno do servidor"));
    }
    // Drizzle wraps driver errors (DrizzleQueryError); the PostgreSQL code is on the cause.
    const pgCode = pgErrorCode(error);
    const pgStatus = pgCode ? CONSTRAINT_CODES[pgCode] : undefined;
    if (pgStatus) {
      request.log.warn({ err: error }, "constraint violation");
      return reply.status(pgStatus).send(errorBody("Os dados enviados não são válidos para esta operação."));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.statusCode === 429
          ? "Demasiadas tentativas. Aguarde um pouco e tente novamente."
          : error.statusCode === 413
            ? "O pedido é demasiado grande."
            : error.statusCode === 415
              ? "Tipo de conteúdo não suportado."
              : "Pedido inválido.";
      return reply.status(error.statusCode).send(errorBody(message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody("Erro interno do servidor"));
  });
}
