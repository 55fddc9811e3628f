/**
 * Typed domain errors. Services throw these; the single error handler (server/http/error-handler.ts) turns
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
