import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { StorageDriver } from "./guard.ts";
import { contentTypeOf, etagOf, isPlainPictureName, sha256Hex } from "./storage.ts";

/** S3_* settings (README's configuration table). */
export interface S3Settings {
  /** Unset for AWS itself; MinIO, Garage, R2, s3rver: their URL (then path-style requests). */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (instance role, AWS_* variables). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

const CREDENTIAL_ERRORS = new Set([
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "AccessDenied",
  "InvalidToken",
  "ExpiredToken",
  "CredentialsProviderError",
]);

/** What the SDK's errors carry (S3ServiceException and Node's socket errors alike). */
interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** The names' objects are immutable: caches (a CDN in front of the bucket) may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** UPLOADS_STORAGE=s3: one object per picture, keyed by its name, in S3_BUCKET of any S3-compatible service. */
export function s3Driver(settings: S3Settings, opts: { timeoutMs: number }): StorageDriver {
  const { bucket } = settings;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    // Virtual-hosted buckets need DNS per bucket; self-hosted services (MinIO, Garage) and s3rver answer path-style.
    forcePathStyle: settings.endpoint !== undefined,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // One retry at most: the guard's timeout bounds the whole call anyway.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: opts.timeoutMs, requestTimeout: opts.timeoutMs },
    // Plain Content-MD5-free requests every S3-compatible service accepts (the SDK's default CRC32 trailers are not).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const where = `bucket ${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;

  return {
    driver: "s3",
    async put(name, bytes, contentType, signal) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
          Metadata: { sha256: sha256Hex(bytes) },
        }),
        { abortSignal: signal },
      );
    },
    async get(name, signal) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }), { abortSignal: signal });
        const bytes = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
        // Our own puts carry the SHA-256 (the same ETag as the other drivers); objects copied in by other tools do not.
        const sha256 = out.Metadata?.sha256 ?? sha256Hex(bytes);
        return { bytes, etag: etagOf(sha256), contentType: out.ContentType ?? contentTypeOf(name) };
      } catch (error) {
        const e = error as SdkError;
        if (e.name !== "NoSuchBucket" && (e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async delete(name, signal) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }), { abortSignal: signal });
    },
    async list(signal) {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }), {
          abortSignal: signal,
        });
        for (const o of page.Contents ?? []) if (o.Key && isPlainPictureName(o.Key)) names.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    explain(error) {
      const e = (error ?? {}) as SdkError;
      const status = e.$metadata?.httpStatusCode;
      const what = `${e.name ?? "error"}${e.code ? ` ${e.code}` : ""}${status ? ` (HTTP ${status})` : ""}: ${e.message ?? String(error)}`;
      if (CREDENTIAL_ERRORS.has(e.name ?? "") || status === 401 || status === 403) {
        return {
          failure: "credentials",
          detail: `S3 refused the credentials for ${where}: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (${what})`,
        };
      }
      if (e.name === "TimeoutError" || e.name === "AbortError" || e.code === "ETIMEDOUT") {
        return { failure: "timeout", detail: `${where} did not answer in time (${what})` };
      }
      if (e.name === "NoSuchBucket") return { failure: "unavailable", detail: `${where} does not exist (${what})` };
      return { failure: "unavailable", detail: `${where} cannot be used (${what})` };
    },
    close: async () => client.destroy(),
  };
}
