import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/** Copies a directory the shop may be writing to: a file deleted meanwhile is skipped, not an error. */
export async function copyDirectory(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true }).catch(vanished);
  if (!entries) return;
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyDirectory(source, target);
    else if (entry.isFile()) await copyFile(source, target).catch(vanished);
  }
}

export function vanished(error: NodeJS.ErrnoException): undefined {
  if (error.code === "ENOENT") return undefined;
  throw error;
}
