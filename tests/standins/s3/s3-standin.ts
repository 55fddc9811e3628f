import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/*
 * A real S3 server over HTTP for the picture storage tests (s3rver: the S3 REST API on a local folder),
 * and a proxy in front of it that holds every request (the "slow bucket" fault).
 */

/** s3rver's only accepted key pair. */
export const S3RVER_KEY = "S3RVER";

export interface S3Standin {
  endpoint: string;
  bucket: string;
  /** The shop's environment for UPLOADS_STORAGE=s3 against this server (override any variable). */
  env(overrides?: Record<string, string>): Record<string, string>;
  /** Stops the server: calls then meet a closed port ("storage down"). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Standin(bucket = "loja-pictures"): Promise<S3Standin> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loja-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  return {
    endpoint,
    bucket,
    env: (overrides = {}) => ({
      UPLOADS_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      ...overrides,
    }),
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An HTTP endpoint that accepts every request and answers none until closed: a bucket slower than any timeout. */
export async function startStalledProxy(): Promise<{ endpoint: string; held(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let held = 0;
  const server = http.createServer(() => {
    held += 1; // the request is kept open, never answered
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    held: () => held,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
