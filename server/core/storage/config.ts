import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./s3.ts";
import type { StorageDriverName } from "./storage.ts";

/** UPLOADS_* and S3_* (README's configuration table), read by server/core/config.ts. */
export interface UploadsSettings {
  storage: StorageDriverName;
  /** DATA_DIR/uploads: the local driver's folder (and the copy command's "local"). */
  localDir: string;
  /** UPLOADS_PUBLIC_URL without its trailing slash: pictures' URLs point there (a CDN) instead of /uploads/. */
  publicUrl: string | undefined;
  /** UPLOADS_TIMEOUT_MS: the longest one storage call may take before the request answers 503. */
  timeoutMs: number;
  /** Set when every S3_* the s3 driver needs is there (always when UPLOADS_STORAGE=s3). */
  s3: S3Settings | undefined;
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const uploadsEnv = z
  .object({
    UPLOADS_STORAGE: z.enum(["local", "s3", "postgres"]).default("local"),
    UPLOADS_PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    UPLOADS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_REGION: optional,
    S3_BUCKET: optional,
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
  })
  .refine((env) => env.UPLOADS_STORAGE !== "s3" || Boolean(env.S3_BUCKET), {
    message: "is required when UPLOADS_STORAGE=s3",
    path: ["S3_BUCKET"],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    path: ["S3_SECRET_ACCESS_KEY"],
  });

/** The settings, or the configuration problems as "  NAME: message" lines. */
export function parseUploadsEnv(
  source: NodeJS.ProcessEnv,
  dataDir: string,
): { settings: UploadsSettings; problems: [] } | { settings: undefined; problems: string[] } {
  const parsed = uploadsEnv.safeParse(source);
  if (!parsed.success) {
    return { settings: undefined, problems: parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`) };
  }
  const env = parsed.data;
  return {
    problems: [],
    settings: {
      storage: env.UPLOADS_STORAGE,
      localDir: path.join(dataDir, "uploads"),
      publicUrl: env.UPLOADS_PUBLIC_URL?.replace(/\/+$/, ""),
      timeoutMs: env.UPLOADS_TIMEOUT_MS,
      s3: env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT,
            // R2 takes "auto"; MinIO, Garage and s3rver take any name.
            region: env.S3_REGION ?? "us-east-1",
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    },
  };
}
