import { createHash } from "node:crypto";
import { ServiceUnavailableError } from "#server/core/errors.ts";

/*
 * Where the shop's pictures live (UPLOADS_STORAGE): the local disk, an S3-compatible bucket or PostgreSQL.
 * Every driver stores the same immutable names (the catalogue's generated file names) with the same bytes,
 * so /uploads/{name} answers the same ETag whatever the driver, and the copy command can move them between drivers.
 */

export type StorageDriverName = "local" | "s3" | "postgres";

export interface StoredPicture {
  bytes: Buffer;
  /** A strong ETag (quoted): the SHA-256 of the bytes on every driver. */
  etag: string;
  contentType: string;
}

export interface PictureStorage {
  readonly driver: StorageDriverName;
  /** Writes (or overwrites) one picture. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The picture, or null when there is none by that name. */
  get(name: string): Promise<StoredPicture | null>;
  /** Removes one picture; a missing one is not an error. */
  delete(name: string): Promise<void>;
  /** Every stored name (the copy command's source list). */
  list(): Promise<string[]>;
  /** The URL pages and the API give for a picture: UPLOADS_PUBLIC_URL's (a CDN) when set, else /uploads/{name}. */
  publicUrl(name: string): string;
  /** Releases the driver's connections (the CLI; the shop's pool is closed by its owner). */
  close(): Promise<void>;
}

/** Why a storage call failed, for the message and the log. */
export type StorageFailure = "unavailable" | "timeout" | "credentials";

const MESSAGES: Record<StorageFailure, string> = {
  unavailable: "O armazenamento de imagens não está disponível de momento. Tente novamente dentro de momentos.",
  timeout: "O armazenamento de imagens não respondeu a tempo. Tente novamente dentro de momentos.",
  credentials:
    "O armazenamento de imagens recusou o acesso do servidor (credenciais inválidas). Avise o responsável técnico da loja.",
};

/**
 * The storage cannot be used now: 503 with a pt-PT message; the cause is an English line for the log (naming the
 * raw error's code and message). The raw error itself is not chained: a refused socket to the bucket must not
 * read as the database being down to the error handler's cause walk.
 */
export class StorageUnavailableError extends ServiceUnavailableError {
  readonly failure: StorageFailure;
  constructor(failure: StorageFailure, detail: string) {
    super(MESSAGES[failure], {
      cause: new Error(detail),
      retryAfterSeconds: failure === "credentials" ? 300 : 30,
    });
    this.name = "StorageUnavailableError";
    this.failure = failure;
  }
}

/** One plain file name: no directory part, no "..", nothing a path or an object key could misread. */
const PLAIN_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/;

export function isPlainPictureName(name: unknown): name is string {
  return typeof name === "string" && name.length <= 200 && PLAIN_NAME.test(name);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
};

/** The Content-Type of a stored name, by its extension (names are ours: the catalogue writes .jpg and .webp). */
export function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

export function sha256Hex(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function etagOf(sha256: string): string {
  return `"${sha256}"`;
}
