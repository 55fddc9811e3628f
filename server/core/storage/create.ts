import { mkdirSync } from "node:fs";
import type { Database } from "#server/core/db/client.ts";
import type { UploadsSettings } from "./config.ts";
import { guardStorage, type StorageDriver } from "./guard.ts";
import { localDriver } from "./local.ts";
import { postgresDriver } from "./postgres.ts";
import { s3Driver } from "./s3.ts";
import type { PictureStorage, StorageDriverName } from "./storage.ts";

/**
 * The picture storage of UPLOADS_STORAGE (or of `driver`, for the copy command's --from/--to).
 * The postgres driver uses the shop's own pool.
 */
export function createPictureStorage(
  settings: UploadsSettings,
  deps: { db?: Database; ownsPool?: boolean },
  driver: StorageDriverName = settings.storage,
): PictureStorage {
  return guardStorage(driverFor(settings, deps, driver), {
    timeoutMs: settings.timeoutMs,
    publicBaseUrl: settings.publicUrl,
  });
}

function driverFor(
  settings: UploadsSettings,
  deps: { db?: Database; ownsPool?: boolean },
  driver: StorageDriverName,
): StorageDriver {
  switch (driver) {
    case "local":
      // Created at start, as the shop always did: an admin (or a backup) finds the folder before the first upload.
      mkdirSync(settings.localDir, { recursive: true });
      return localDriver(settings.localDir);
    case "postgres":
      if (!deps.db) throw new Error("The postgres picture storage needs the shop's database.");
      return postgresDriver(deps.db, { ownsPool: deps.ownsPool });
    case "s3":
      if (!settings.s3) throw new Error("The s3 picture storage needs S3_BUCKET (and S3_ENDPOINT, S3_REGION, keys).");
      return s3Driver(settings.s3, { timeoutMs: settings.timeoutMs });
  }
}

/** The local driver on one folder (tests, and callers that only know DATA_DIR). */
export function localPictureStorage(dir: string, timeoutMs = 10_000): PictureStorage {
  return guardStorage(localDriver(dir), { timeoutMs });
}
