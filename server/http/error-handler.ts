import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { pgErrorCode } from "#server/core/db/pg-errors.ts";
import { isDatabaseUnavailable } from "#server/core/db/unavailable.ts";
import {
  AppError,
  errorBody,
  ServiceUnavailableError,
  TooManyRequestsError,
  UNAVAILABLE_MESSAGE,
} from "#server/core/errors.ts";
import { sendUnavailablePage, wantsHtmlPage } from "./unavailable-page.ts";

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
