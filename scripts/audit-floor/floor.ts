// The framework's floor for `npm run audit:web`: a bare React Router page (this folder's app: one route, one
// heading, React Router's default entries and chunking), built with the same React, React Router and Vite as the
// shop and served the same way (server.ts). Lighthouse measures it in the same run as the shop's pages, so the
// ratio page ÷ floor does not depend on how fast the host is at the time.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { freePort, root } from "#bench/shop.ts";

const FLOOR_DIR = import.meta.dirname;

/** Builds the floor (a few seconds), always: it must match the installed framework versions. */
export function buildFloor(): void {
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build", FLOOR_DIR], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`Building the floor page failed:\n${result.stderr}\n${result.stdout}`);
}

export interface Floor {
  url: string;
  stop(): Promise<void>;
}

export async function startFloor(): Promise<Floor> {
  const port = await freePort();
  const child = spawn(path.join(root, "node_modules/.bin/node"), [path.join(FLOOR_DIR, "server.ts"), String(port)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The floor server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The floor server exited (code ${code}):\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
