import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, BadRequestError } from "#server/core/errors.ts";
import { CATALOG_MESSAGES } from "./schemas.ts";

/*
 * Multipart forms of the catalogue (product and banner uploads). The plugin is registered
 * inside the catalogue's routes plugin only, so no other route accepts multipart bodies.
 * Every part is read into memory (bounded by the limits below), files become buffers, the
 * client's file name and MIME type are ignored: storeImage() decides by content.
 */

export const MULTIPART_LIMITS = {
  fileSize: 8 * 1024 * 1024,
  files: 10,
  // The product edit form sends up to 19 text fields (ten of them 'Informação de segurança'); room for a few more.
  fields: 32,
  fieldSize: 100 * 1024,
  fieldNameSize: 100,
  parts: 40,
  headerPairs: 100,
} as const;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

export interface MultipartForm {
  /** The first value of each text field. */
  fields: Record<string, string>;
  /** File parts of the accepted field names, in the order sent. */
  files: Buffer[];
}

class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

const NOT_MULTIPART = "O formulário tem de ser enviado como multipart/form-data.";
const BAD_FORM = "O formulário enviado não é válido.";

function translate(error: unknown, maxFiles: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new PayloadTooLargeError(
        `A imagem é demasiado grande: cada ficheiro pode ter no máximo ${MULTIPART_LIMITS.fileSize / 1024 / 1024} MB.`,
      );
    case "FST_FILES_LIMIT":
      return new PayloadTooLargeError(
        maxFiles === 1 ? "Só pode enviar uma imagem." : `Pode enviar no máximo ${maxFiles} imagens de cada vez.`,
      );
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return new PayloadTooLargeError("O formulário tem demasiados campos.");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError(415, NOT_MULTIPART);
    default:
      // Malformed bodies (busboy parse errors, prototype field names, bad JSON fields).
      return new BadRequestError(BAD_FORM);
  }
}

/**
 * Reads the whole multipart body. Text fields keep their first value; file parts are kept
 * only for `fileFields` (others are drained and dropped), an empty file input is skipped.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { fileFields: readonly string[]; maxFiles?: number },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, NOT_MULTIPART);
  const maxFiles = opts.maxFiles ?? MULTIPART_LIMITS.files;
  const fields = new Map<string, string>();
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === "file") {
        if (!opts.fileFields.includes(part.fieldname)) {
          await part.toBuffer();
          continue;
        }
        const buffer = await part.toBuffer();
        if (buffer.length === 0 && !part.filename) continue;
        files.push(buffer);
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new PayloadTooLargeError("Um dos campos do formulário é demasiado longo.");
        }
        const value = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, value);
      }
    }
  } catch (error) {
    throw translate(error, maxFiles);
  }
  return { fields: Object.fromEntries(fields), files };
}

/** Validates form fields with a catalogue schema; the first problem answers 400. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw new BadRequestError(result.error.issues[0]?.message ?? CATALOG_MESSAGES.invalidBody);
  return result.data;
}
