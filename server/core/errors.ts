/**
 * Typed domain errors. Services throw these; the single error handler (server/http/error-handler.ts) turns
 * them into HTTP answers of the shape `{ success: false, message, error }`, where
 * message and error both carry the pt-PT text the shopper or admin reads. Route loaders see the same classes:
 * the web app imports server modules at run time instead of bundling copies (server/http/web-bundle.ts).
 */
export class AppError extends Error {
  readonly status: number;
  readonly details: unknown;
  constructor(status: number, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.details = details;
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
