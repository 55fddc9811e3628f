import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { StorageDriver } from "./guard.ts";
import { contentTypeOf, etagOf, isPlainPictureName, sha256Hex } from "./storage.ts";

/** UPLOADS_STORAGE=local (the default): plain files in DATA_DIR/uploads, as one instance always had them. */
export function localDriver(dir: string): StorageDriver {
  const file = (name: string) => path.join(dir, name);
  return {
    driver: "local",
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      try {
        await writeFile(file(name), bytes);
      } catch (error) {
        // A disk that fills up mid-write leaves a partial file.
        await rm(file(name), { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(name) {
      let bytes: Buffer;
      try {
        bytes = await readFile(file(name));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return null;
        throw error;
      }
      return { bytes, etag: etagOf(sha256Hex(bytes)), contentType: contentTypeOf(name) };
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
    async list() {
      try {
        return (await readdir(dir, { withFileTypes: true }))
          .filter((e) => e.isFile() && isPlainPictureName(e.name))
          .map((e) => e.name)
          .sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    explain(error) {
      const code = (error as NodeJS.ErrnoException | null)?.code ?? "unknown";
      // EACCES, EROFS, ENOSPC, ENOTDIR…: the disk's, never the picture's.
      return { failure: "unavailable", detail: `${dir}: ${code}: ${(error as Error)?.message ?? String(error)}` };
    },
    close: async () => {},
  };
}
