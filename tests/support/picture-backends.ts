import { readdirSync } from "node:fs";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { storedPictures } from "#server/core/db/schema.ts";
import type { TestApp } from "./db.ts";

/**
 * The names a picture driver's backend really holds, read past the shop's storage code: the folder's files,
 * the bucket's objects (through a client of its own), the table's rows. A test that trusted the driver's own
 * list() would pass with a driver that wrote somewhere else.
 */
export async function backendNames(t: TestApp): Promise<string[]> {
  const { uploads } = t.config;
  switch (uploads.storage) {
    case "local":
      return readdirSync(uploads.localDir).sort();
    case "postgres":
      return (await t.db.select({ name: storedPictures.name }).from(storedPictures)).map((r) => r.name).sort();
    case "s3": {
      const s3 = uploads.s3!;
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId!, secretAccessKey: s3.secretAccessKey! },
      });
      try {
        const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
        return (out.Contents ?? []).map((o) => o.Key!).sort();
      } finally {
        client.destroy();
      }
    }
  }
}
