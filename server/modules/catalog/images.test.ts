import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localPictureStorage as local } from "#server/core/storage/create.ts";
import {
  deleteImage,
  IMAGE_WIDTHS,
  InvalidImageError,
  InvalidImageNameError,
  isGeneratedImageName,
  storeImage,
  variantFileName,
} from "./images.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loja-images-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const picture = (
  width: number,
  height: number,
  background: { r: number; g: number; b: number; alpha: number } | string = "#2563eb",
) => sharp({ create: { width, height, channels: 4, background } });

/** A real PNG whose header claims other dimensions (the pixel data stays small). */
function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8) + IHDR length (4) + "IHDR" (4), then width, height, ...; CRC covers type + data.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe("storeImage", () => {
  it("stores a PNG as a JPEG under a generated name, with WebP variants for srcset", async () => {
    const input = await picture(1200, 800).png().toBuffer();
    const stored = await storeImage(input, local(dir));

    expect(stored).toMatchObject({ width: 1200, height: 800 });
    expect(stored.fileName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(isGeneratedImageName(stored.fileName)).toBe(true);
    const original = await sharp(path.join(dir, stored.fileName)).metadata();
    expect(original).toMatchObject({ format: "jpeg", width: 1200, height: 800 });
    for (const width of IMAGE_WIDTHS) {
      const name = variantFileName(stored.fileName, width);
      expect(name).toBe(stored.fileName.replace(/\.jpg$/, `-${width}.webp`));
      const meta = await sharp(path.join(dir, name)).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: Math.round((800 * width) / 1200) });
    }
    expect(readdirSync(dir)).toHaveLength(1 + IMAGE_WIDTHS.length);
  });

  it("never reuses a name: the same bytes twice give two files", async () => {
    const input = await picture(400, 400).jpeg().toBuffer();
    const a = await storeImage(input, local(dir));
    const b = await storeImage(input, local(dir));
    expect(a.fileName).not.toBe(b.fileName);
  });

  it("shrinks large originals to 1600 px on the long side", async () => {
    const stored = await storeImage(await picture(2400, 3000).jpeg().toBuffer(), local(dir));
    expect(stored).toMatchObject({ width: 1280, height: 1600 });
    expect(await sharp(path.join(dir, stored.fileName)).metadata()).toMatchObject({ width: 1280, height: 1600 });
  });

  it("skips variants wider than the original", async () => {
    const stored = await storeImage(await picture(500, 300).png().toBuffer(), local(dir));
    expect(existsSync(path.join(dir, variantFileName(stored.fileName, 320)))).toBe(true);
    expect(existsSync(path.join(dir, variantFileName(stored.fileName, 640)))).toBe(false);
    expect(existsSync(path.join(dir, variantFileName(stored.fileName, 1024)))).toBe(false);
  });

  it("applies the EXIF orientation and strips metadata", async () => {
    const input = await picture(600, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const stored = await storeImage(input, local(dir));
    expect(stored).toMatchObject({ width: 300, height: 600 });
    const meta = await sharp(path.join(dir, stored.fileName)).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it("keeps transparency by storing a WebP original", async () => {
    const input = await picture(800, 800, { r: 0, g: 0, b: 0, alpha: 0 }).png().toBuffer();
    const stored = await storeImage(input, local(dir));
    expect(stored.fileName).toMatch(/\.webp$/);
    expect(await sharp(path.join(dir, stored.fileName)).metadata()).toMatchObject({ format: "webp", hasAlpha: true });
  });

  it("rejects a text file renamed to .jpg with the typed error, writing nothing", async () => {
    const text = Buffer.from("Isto não é uma fotografia, é só texto guardado como foto.jpg\n".repeat(20));
    const error = await storeImage(text, local(dir)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidImageError);
    expect(error).toMatchObject({ status: 400, message: "O ficheiro enviado não é uma imagem válida." });
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ["an empty buffer", Buffer.alloc(0)],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ["a TIFF", "tiff"],
    ["a truncated JPEG", "truncated"],
  ])("rejects %s", async (_label, kind) => {
    let input: Buffer;
    if (kind === "tiff") input = await picture(50, 50).tiff().toBuffer();
    else if (kind === "truncated") input = (await picture(400, 400).jpeg().toBuffer()).subarray(0, 300);
    else input = kind as Buffer;
    await expect(storeImage(input, local(dir))).rejects.toBeInstanceOf(InvalidImageError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("rejects images above 40 megapixels before decoding them", async () => {
    const small = await picture(16, 16).png().toBuffer();
    const bomb = pngClaiming(small, 10_000, 10_000);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    const error = await storeImage(bomb, local(dir)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidImageError);
    expect((error as Error).message).toMatch(/demasiado grande/);
  });
});

describe("deleteImage", () => {
  it("removes the original and its variants, and tolerates missing files", async () => {
    const stored = await storeImage(await picture(1100, 700).png().toBuffer(), local(dir));
    expect(readdirSync(dir)).toHaveLength(4);
    await deleteImage(stored.fileName, local(dir));
    expect(readdirSync(dir)).toEqual([]);
    await expect(deleteImage(stored.fileName, local(dir))).resolves.toBeUndefined();
  });

  it.each(["../x", "a/b", "..", "../../etc/passwd", "/etc/passwd", "a\\b", "", "x/../y.jpg", "..jpg"])(
    "refuses %j",
    async (name) => {
      await expect(deleteImage(name, local(dir))).rejects.toBeInstanceOf(InvalidImageNameError);
    },
  );

  it("does not touch files outside uploadsDir", async () => {
    const uploads = path.join(dir, "uploads");
    const stored = await storeImage(await picture(400, 400).png().toBuffer(), local(uploads));
    const outside = path.join(dir, stored.fileName);
    await sharp(path.join(uploads, stored.fileName)).toFile(outside);
    await expect(deleteImage(`../${stored.fileName}`, local(uploads))).rejects.toBeInstanceOf(InvalidImageNameError);
    expect(readFileSync(outside).length).toBeGreaterThan(0);
  });
});
