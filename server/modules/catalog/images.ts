import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Metadata, OutputInfo } from "sharp";
import { BadRequestError, ServiceUnavailableError } from "#server/core/errors.ts";
import { contentTypeOf, isPlainPictureName, StorageUnavailableError } from "#server/core/storage/storage.ts";
import type { PictureStorage } from "#server/core/storage/storage.ts";
import { IMAGE_WIDTHS, MAX_IMAGE_SIDE, variantFileName } from "./rules.ts";

/*
 * Image storage for product and banner pictures (uploads and the demo catalogue).
 * The content decides what a file is, never its name or the client's MIME type:
 * sharp reads it, anything that is not a raster photo format is refused, and what
 * is written is a re-encoded copy (EXIF orientation applied, metadata stripped)
 * under a random name, plus WebP variants for srcset, all through the picture storage (UPLOADS_STORAGE).
 */

export { IMAGE_WIDTHS, MAX_IMAGE_SIDE, variantFileName };
/** Decompression-bomb guard: images above this many input pixels are refused. */
export const MAX_INPUT_PIXELS = 40_000_000;

const ORIGINAL_QUALITY = 82;
const VARIANT_QUALITY = 80;
/** libwebp effort 0-6: 2 encodes about a third faster than the default 4 for a few % more bytes. */
const VARIANT_EFFORT = 2;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);

/** A generated name: a UUID plus .jpg or .webp. Variants append -<width>.webp to the base. */
const GENERATED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|webp)$/;

export class InvalidImageError extends BadRequestError {
  constructor(message = "O ficheiro enviado não é uma imagem válida.") {
    super(message);
    this.name = "InvalidImageError";
  }
}

export class InvalidImageNameError extends BadRequestError {
  constructor(message = "Nome de imagem inválido.") {
    super(message);
    this.name = "InvalidImageNameError";
  }
}

const STORE_FAILED = "Não foi possível guardar a imagem: o armazenamento de ficheiros do servidor";

/**
 * The picture storage cannot be written (read-only disk, disk full, the bucket or the database down or too slow,
 * refused credentials): 503, nothing stored. The cause is the storage's English line for the log.
 */
export class UploadsUnavailableError extends ServiceUnavailableError {
  constructor(cause: unknown) {
    const credentials = cause instanceof StorageUnavailableError && cause.failure === "credentials";
    super(
      credentials
        ? `${STORE_FAILED} recusou o acesso (credenciais inválidas). Avise o responsável técnico da loja.`
        : `${STORE_FAILED} não está disponível. Tente novamente mais tarde.`,
      { cause: cause instanceof StorageUnavailableError ? cause.cause : cause, retryAfterSeconds: 60 },
    );
    this.name = "UploadsUnavailableError";
  }
}

export interface StoredImage {
  fileName: string;
  width: number;
  height: number;
}

/** True for names storeImage() produces (what the catalogue may keep in product_images). */
export function isGeneratedImageName(fileName: string): boolean {
  return GENERATED_NAME.test(fileName);
}

/** Widths of the variants that exist for an original of the given width. */
export function variantWidthsFor(originalWidth: number): number[] {
  return IMAGE_WIDTHS.filter((w) => w <= originalWidth);
}

interface Decoded {
  data: Buffer;
  info: OutputInfo;
}

async function decode(input: Buffer): Promise<Decoded> {
  if (!Buffer.isBuffer(input) || input.length === 0) throw new InvalidImageError();
  let meta: Metadata;
  try {
    // Header only: nothing is decoded yet, so no pixel limit here; the size check follows.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new InvalidImageError();
  }
  const format = meta.format === "heif" && meta.compression === "av1" ? "avif" : meta.format;
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new InvalidImageError();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw new InvalidImageError();
  if (width * height > MAX_INPUT_PIXELS) {
    throw new InvalidImageError("A imagem é demasiado grande (máximo de 40 megapíxeis).");
  }
  try {
    // First frame only (animated GIF/WebP), EXIF orientation applied, sRGB, metadata dropped.
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .autoOrient()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidImageError();
  }
}

/** True when every alpha byte of RGBA pixels is 255 (a plain scan: far quicker than sharp's stats()). */
function isOpaque(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * Checks the bytes, then writes the normalised original (JPEG, or WebP when the image has
 * transparency) and its WebP variants into the storage. Throws InvalidImageError for content
 * that is not a JPEG, PNG, WebP, GIF or AVIF image, or that is too large; UploadsUnavailableError
 * (503) when the storage fails, after removing what was written.
 */
export async function storeImage(input: Buffer, storage: PictureStorage): Promise<StoredImage> {
  const { data, info } = await decode(input);
  const { width, height, channels } = info;
  const raw = { raw: { width, height, channels } };
  const hasAlpha = channels === 4 && !isOpaque(data);

  const base = randomUUID();
  const fileName = `${base}.${hasAlpha ? "webp" : "jpg"}`;
  const pixels = () => (hasAlpha ? sharp(data, raw) : sharp(data, raw).removeAlpha());
  const original = hasAlpha
    ? pixels().webp({ quality: ORIGINAL_QUALITY })
    : pixels().jpeg({ quality: ORIGINAL_QUALITY, progressive: true });

  const outputs: Array<Promise<{ name: string; bytes: Buffer }>> = [
    original.toBuffer().then((bytes) => ({ name: fileName, bytes })),
    ...variantWidthsFor(width).map((w) =>
      pixels()
        .resize({ width: w })
        .webp({ quality: VARIANT_QUALITY, effort: VARIANT_EFFORT })
        .toBuffer()
        .then((bytes) => ({ name: variantFileName(fileName, w), bytes })),
    ),
  ];
  const files = await Promise.all(outputs);

  const results = await Promise.allSettled(files.map((f) => storage.put(f.name, f.bytes, contentTypeOf(f.name))));
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    // Best effort, every name (a put that timed out may still land): a storage that is down leaves orphans at worst.
    const cleanup = Promise.all(files.map((f) => storage.delete(f.name).catch(() => {})));
    // A storage that timed out would hold the 503 for as long again: then the cleanup goes on after the answer.
    const timedOut = failed.reason instanceof StorageUnavailableError && failed.reason.failure === "timeout";
    if (!timedOut) await cleanup;
    // Names are fresh UUIDs, so any failure here is the storage's (disk, bucket, database), not the image's.
    throw new UploadsUnavailableError(failed.reason);
  }
  return { fileName, width, height };
}

/**
 * Removes an image and its variants. Refuses anything but a plain file name, so a stored
 * value can never reach another file or key. Missing files are not an error.
 */
export async function deleteImage(fileName: string, storage: PictureStorage): Promise<void> {
  if (!isPlainPictureName(fileName) || fileName.includes("..")) throw new InvalidImageNameError();
  const names = [fileName, ...IMAGE_WIDTHS.map((w) => variantFileName(fileName, w))];
  await Promise.all(names.map((name) => storage.delete(name)));
}
