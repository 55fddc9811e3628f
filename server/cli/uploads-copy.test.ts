import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyCheckPassed, copyPictures, verifyCopy } from "#server/core/storage/copy.ts";
import { localPictureStorage } from "#server/core/storage/create.ts";
import { guardStorage } from "#server/core/storage/guard.ts";
import { postgresDriver } from "#server/core/storage/postgres.ts";
import { s3Driver } from "#server/core/storage/s3.ts";
import type { PictureStorage } from "#server/core/storage/storage.ts";
import { createTestDatabase } from "#tests/support/db.ts";
import { S3RVER_KEY, startS3Standin, type S3Standin } from "#tests/standins/s3/s3-standin.ts";

/*
 * npm run uploads:copy: every picture copied between drivers (local, a real S3 server, PostgreSQL), then checked
 * by count and SHA-256 against what the destination really holds; a missing or altered picture fails the check,
 * and the command exits non-zero naming it.
 */

const run = promisify(execFile);
const CLI = path.resolve("server/cli/uploads-copy.ts");

let s3: S3Standin;
let dataDir: string;
let local: PictureStorage;
let bucket: PictureStorage;
const names = Array.from({ length: 6 }, (_, i) => `${crypto.randomUUID()}${i % 2 ? ".webp" : ".jpg"}`);

beforeAll(async () => {
  s3 = await startS3Standin();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-copy-"));
  local = localPictureStorage(path.join(dataDir, "uploads"));
  bucket = guardStorage(
    s3Driver(
      {
        endpoint: s3.endpoint,
        region: "us-east-1",
        bucket: s3.bucket,
        accessKeyId: S3RVER_KEY,
        secretAccessKey: S3RVER_KEY,
      },
      { timeoutMs: 5_000 },
    ),
    { timeoutMs: 5_000 },
  );
  for (const name of names) await local.put(name, randomBytes(2_000 + names.indexOf(name)), "image/jpeg");
});
afterAll(async () => {
  await bucket?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("copyPictures and verifyCopy", () => {
  it("copies every picture local → s3 → postgres with the same bytes, and the check passes", async () => {
    expect(await copyPictures(local, bucket)).toBe(names.length);
    const toS3 = await verifyCopy(local, bucket);
    expect(toS3).toEqual({ sourceCount: 6, verified: 6, missing: [], different: [], extra: 0 });
    expect(copyCheckPassed(toS3)).toBe(true);

    const database = await createTestDatabase();
    const pg = guardStorage(postgresDriver(database.db), { timeoutMs: 5_000 });
    try {
      expect(await copyPictures(bucket, pg)).toBe(names.length);
      const toPg = await verifyCopy(bucket, pg);
      expect(copyCheckPassed(toPg)).toBe(true);
      expect(toPg.verified).toBe(6);
      for (const name of names) {
        expect((await pg.get(name))!.bytes.equals((await local.get(name))!.bytes)).toBe(true);
      }
    } finally {
      await database.drop();
    }
  });

  it("fails when one picture is missing at the destination, or its bytes differ, naming each", async () => {
    await copyPictures(local, bucket);
    await bucket.delete(names[2]!);
    await bucket.put(names[4]!, Buffer.from("outros bytes"), "image/jpeg");
    const check = await verifyCopy(local, bucket);
    expect(check).toEqual({ sourceCount: 6, verified: 4, missing: [names[2]], different: [names[4]], extra: 0 });
    expect(copyCheckPassed(check)).toBe(false);
  });

  it("fails when the destination silently drops a picture it was given", async () => {
    const dropped = names[1]!;
    // A destination whose put "succeeds" without keeping one picture: only the read-back catches it.
    const lossy: PictureStorage = {
      ...bucket,
      put: (name, bytes, type) => (name === dropped ? Promise.resolve() : bucket.put(name, bytes, type)),
    };
    await bucket.delete(dropped);
    expect(await copyPictures(local, lossy)).toBe(names.length);
    const check = await verifyCopy(local, lossy);
    expect(check.missing).toEqual([dropped]);
    expect(copyCheckPassed(check)).toBe(false);
  });
});

describe("npm run uploads:copy", () => {
  const env = () => ({
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ...s3.env({ UPLOADS_STORAGE: "local" }),
  });

  it("exits 0 after copying and verifying; exits 1 naming the picture when one is missing at the destination", async () => {
    const ok = await run(process.execPath, [CLI, "--from", "local", "--to", "s3"], { env: env() });
    expect(ok.stdout).toContain(`Copied ${names.length} pictures from local to s3. Verifying…`);
    expect(ok.stdout).toContain(`Verified: all ${names.length} pictures of local are at s3 with the same SHA-256.`);

    await bucket.delete(names[3]!);
    const failed = await run(process.execPath, [CLI, "--from", "local", "--to", "s3", "--verify-only"], {
      env: env(),
    }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect("code" in failed && failed.code).toBe(1);
    expect(failed.stderr).toContain(`Missing at s3 (1):\n  ${names[3]}\n`);
    expect(failed.stderr).toContain(
      `VERIFICATION FAILED: ${names.length - 1} of ${names.length} pictures of local are at s3 with the same SHA-256.`,
    );
  }, 60_000);

  it("exits 2 with the usage for a bad driver name", async () => {
    const bad = await run(process.execPath, [CLI, "--from", "local", "--to", "ftp"], { env: env() }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect("code" in bad && bad.code).toBe(2);
    expect(bad.stderr).toContain("Usage: npm run uploads:copy -- --from <local|s3|postgres>");
  }, 30_000);
});
