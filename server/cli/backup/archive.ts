import { spawn } from "node:child_process";

/*
 * The backup is one gzip-compressed tar file, written and read by the system's `tar` (GNU tar on Debian and
 * every Linux the shop runs on; bsdtar on macOS reads and writes the same format).
 */
export function runTar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`tar ${args[0]} failed (${code}): ${err.trim()}`)),
    );
  });
}

/** Everything under `dir` into `file` (owners and modes kept: PostgreSQL needs its files to be its own). */
export const createArchive = (dir: string, file: string) =>
  runTar(["--use-compress-program=gzip -1", "-cf", file, "-C", dir, "."]); // -1: the data files are mostly zeros

export const extractArchive = (file: string, dir: string) => runTar(["-xzpf", file, "-C", dir]);

/** Reads one member of the archive without extracting the rest. */
export function readMember(file: string, member: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("tar", ["-xzOf", file, `./${member}`], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(err.trim() || `tar exited with ${code}`)),
    );
  });
}
