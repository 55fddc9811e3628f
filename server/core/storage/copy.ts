import type { PictureStorage } from "./storage.ts";
import { sha256Hex } from "./storage.ts";

/*
 * Moving pictures between drivers (npm run uploads:copy): every name of the source is written to the destination,
 * then read back from it and compared, by count and SHA-256, with the source. The destination is never trusted:
 * verify() reads the bytes it really holds.
 */

/** How many pictures are read and written at once. */
const CONCURRENCY = 8;

async function eachLimited(names: readonly string[], work: (name: string) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < names.length) await work(names[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, names.length) }, worker));
}

/** Copies every picture of `from` into `to` (overwriting same-named ones); returns how many. */
export async function copyPictures(
  from: PictureStorage,
  to: PictureStorage,
  onCopied: (done: number, total: number) => void = () => {},
): Promise<number> {
  const names = await from.list();
  let done = 0;
  await eachLimited(names, async (name) => {
    const picture = await from.get(name);
    if (!picture) return; // deleted since the list: nothing to copy, and verify() will not expect it
    await to.put(name, picture.bytes, picture.contentType);
    onCopied(++done, names.length);
  });
  return done;
}

export interface CopyCheck {
  /** Pictures at the source when checked. */
  sourceCount: number;
  /** Source pictures the destination holds with the same SHA-256. */
  verified: number;
  /** At the source, not at the destination. */
  missing: string[];
  /** At both, with different bytes. */
  different: string[];
  /** At the destination only (left alone: another shop's, or deleted at the source since). */
  extra: number;
}

/** Compares the destination with the source, name by name, by the SHA-256 of the bytes each really holds. */
export async function verifyCopy(from: PictureStorage, to: PictureStorage): Promise<CopyCheck> {
  const [sourceNames, destinationNames] = await Promise.all([from.list(), to.list()]);
  const atDestination = new Set(destinationNames);
  const check: CopyCheck = { sourceCount: 0, verified: 0, missing: [], different: [], extra: 0 };
  await eachLimited(sourceNames, async (name) => {
    const source = await from.get(name);
    if (!source) return; // deleted at the source meanwhile
    check.sourceCount += 1;
    const copy = atDestination.has(name) ? await to.get(name) : null;
    if (!copy) check.missing.push(name);
    else if (sha256Hex(copy.bytes) !== sha256Hex(source.bytes)) check.different.push(name);
    else check.verified += 1;
  });
  const sources = new Set(sourceNames);
  check.extra = destinationNames.filter((n) => !sources.has(n)).length;
  check.missing.sort();
  check.different.sort();
  return check;
}

export function copyCheckPassed(check: CopyCheck): boolean {
  return check.missing.length === 0 && check.different.length === 0 && check.verified === check.sourceCount;
}

/** The lines the command prints about a check (the failures first, each picture by name, at most 20 of each). */
export function describeCopyCheck(check: CopyCheck, from: string, to: string): string[] {
  const lines: string[] = [];
  const list = (label: string, names: string[]) => {
    if (names.length === 0) return;
    lines.push(`${label} (${names.length}):`);
    for (const n of names.slice(0, 20)) lines.push(`  ${n}`);
    if (names.length > 20) lines.push(`  … and ${names.length - 20} more`);
  };
  list(`Missing at ${to}`, check.missing);
  list(`Different bytes (SHA-256) at ${to}`, check.different);
  lines.push(
    copyCheckPassed(check)
      ? `Verified: all ${check.sourceCount} pictures of ${from} are at ${to} with the same SHA-256.`
      : `VERIFICATION FAILED: ${check.verified} of ${check.sourceCount} pictures of ${from} are at ${to} with the same SHA-256.`,
  );
  if (check.extra > 0)
    lines.push(`(${to} also holds ${check.extra} pictures ${from} does not have; left as they are.)`);
  return lines;
}
