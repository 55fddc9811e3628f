/*
 * Point-in-time recovery of an external PostgreSQL with pgBackRest (issue 21; docs/operations.md has the same
 * configuration): Debian's PostgreSQL 15 archiving its WAL to a pgBackRest repository, the shop's migrations,
 * a full backup, products created, the time noted, one product deleted, the server and its disk lost, a restore
 * to the noted time (--type=time) — and the product is back. Prints the recovery point and the recovery time.
 */
import { spawn } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase } from "#server/core/db/client.ts";
import { runMigrations } from "#server/core/db/migrate.ts";
import type { FaultTest } from "./context.ts";
import { assert, freePort, seedProduct, waitFor } from "./harness.ts";

const PG_BIN = process.env.PG15_BIN ?? "/usr/lib/postgresql/15/bin";
const STANZA = "loja";
const isRoot = process.getuid?.() === 0;

const cleanUps: Array<() => Promise<void>> = [];

export async function stopPitrDrill(): Promise<void> {
  for (const clean of cleanUps.splice(0).reverse()) await clean().catch(() => {});
}

/** Runs a PostgreSQL or pgBackRest command as the owner of the cluster (the postgres user when we are root). */
function run(command: string, args: string[]): Promise<string> {
  const [cmd, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${out}`)),
    );
  });
}

const ms = (n: number) => `${Math.round(n)} ms`;

export const pitrTests: FaultTest[] = [
  {
    name: "point-in-time recovery with pgBackRest: a product deleted after the noted time is back after a restore to it",
    timeoutMs: 90_000,
    async run(ctx) {
      for (const needed of [path.join(PG_BIN, "initdb"), "/usr/bin/pgbackrest"]) {
        assert(existsSync(needed), `${needed} is missing: install postgresql-15 and pgbackrest (bash .ci/run does)`);
      }
      const dir = mkdtempSync(path.join(os.tmpdir(), "loja-faults-pitr-"));
      cleanUps.push(async () => rmSync(dir, { recursive: true, force: true }));
      const data = path.join(dir, "data");
      const repo = path.join(dir, "repo");
      const conf = path.join(dir, "pgbackrest.conf");
      const log = path.join(dir, "postgres.log");
      for (const sub of ["repo", "lock", "log", "spool"]) mkdirSync(path.join(dir, sub));
      const port = await freePort();
      // The pgBackRest configuration of docs/operations.md, with this drill's paths.
      writeFileSync(
        conf,
        [
          "[global]",
          `repo1-path=${repo}`,
          "repo1-retention-full=2",
          "start-fast=y",
          "compress-type=lz4",
          `lock-path=${dir}/lock`,
          `log-path=${dir}/log`,
          `spool-path=${dir}/spool`,
          "log-level-console=warn",
          "log-level-file=off",
          "",
          `[${STANZA}]`,
          `pg1-path=${data}`,
          `pg1-port=${port}`,
          `pg1-socket-path=${dir}`,
          "",
        ].join("\n"),
      );
      if (isRoot) for (const p of [dir, ...readdirSync(dir).map((n) => path.join(dir, n))]) chownByName(p);
      const pgbackrest = (...args: string[]) => run("pgbackrest", [`--config=${conf}`, `--stanza=${STANZA}`, ...args]);
      const pgCtl = (...args: string[]) => run(path.join(PG_BIN, "pg_ctl"), ["-D", data, "-l", log, ...args]);

      await run(path.join(PG_BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
      writeFileSync(
        path.join(data, "postgresql.auto.conf"),
        [
          `listen_addresses = '127.0.0.1'`,
          `port = ${port}`,
          `unix_socket_directories = '${dir}'`,
          "wal_level = replica",
          "archive_mode = on",
          `archive_command = 'pgbackrest --config=${conf} --stanza=${STANZA} archive-push %p'`,
          "archive_timeout = 60",
          "",
        ].join("\n"),
        { flag: "a" },
      );
      await pgCtl("-w", "start");
      cleanUps.push(() => pgCtl("-m", "immediate", "stop").then(() => {}));
      await pgbackrest("stanza-create");
      await pgbackrest("check");

      const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
      await query(admin, "create database loja");
      const url = `postgres://postgres@127.0.0.1:${port}/loja`;
      const db = createDatabase(url, { max: 2 });
      try {
        await runMigrations(db);
        const backupStarted = Date.now();
        await pgbackrest("--type=full", "backup");
        const backupMs = Date.now() - backupStarted;
        const info = JSON.parse(await pgbackrest("--output=json", "info")) as Array<{
          backup: Array<{ label: string }>;
        }>;
        const label = info[0]!.backup.at(-1)!.label;

        await seedProduct(db, "Prato de Ardósia", [["Cinza", "Único"]], 5);
        const deleted = await seedProduct(db, "Caneca de Barro", [["Branco", "Único"]], 5);
        const target = (await query(url, "select clock_timestamp()::text as t"))[0]!.t as string;
        await query(url, "delete from products where id = $1", [deleted.productId]);
        const deletedAt = (await query(url, "select clock_timestamp()::text as t"))[0]!.t as string;
        // The WAL holding the delete goes to the repository now (otherwise at archive_timeout or a full segment).
        const segment = (await query(url, "select pg_walfile_name(pg_current_wal_lsn()) as f"))[0]!.f as string;
        await query(url, "select pg_switch_wal()");
        await waitFor("the delete's WAL in the repository", 20_000, async () => {
          const [row] = await query(url, "select last_archived_wal as w from pg_stat_archiver");
          return typeof row?.w === "string" && row.w >= segment;
        });
        const archivedAt = Date.now();
        const archiveLag = archivedAt - Date.parse(toIso(deletedAt));
        await db.$client.end();

        // The disaster: the server and its data directory are gone.
        await pgCtl("-m", "immediate", "stop");
        rmSync(data, { recursive: true, force: true });
        mkdirSync(data, { mode: 0o700 });
        if (isRoot) chownByName(data);
        const restoreStarted = Date.now();
        // --set: pgBackRest picks a backup by whole seconds, and this one ended less than a second before the target.
        await pgbackrest(`--set=${label}`, "--type=time", `--target=${target}`, "--target-action=promote", "restore");
        const restoreMs = Date.now() - restoreStarted;
        await pgCtl("-w", "start");
        await waitFor("the end of the recovery", 30_000, async () => {
          const [row] = await query(url, "select pg_is_in_recovery() as r");
          return row?.r === false;
        });
        const recoveryMs = Date.now() - restoreStarted;

        const names = (await query(url, "select id, name from products order by id")).map((r) => r.name as string);
        assert(names.includes("Caneca de Barro"), `the deleted product is not back: ${names.join(", ")}`);
        assert(names.includes("Prato de Ardósia"), "the product created before the target is missing");
        const [variant] = await query(url, "select stock from variants where product_id = $1", [deleted.productId]);
        assert(variant?.stock === 5, "the deleted product's variant (and stock) is not back");
        const [last] = await query(url, "select pg_last_xact_replay_timestamp()::text as t");
        const lastKept = String(last?.t);
        const gap = Date.parse(toIso(target)) - Date.parse(toIso(lastKept));
        const undone = Date.parse(toIso(deletedAt)) - Date.parse(toIso(target));
        ctx.log(
          `recovery point: restored to ${target}; the last transaction kept committed ${ms(gap)} before it, ` +
            `the delete (committed ${ms(undone)} after it) undone; WAL in the repository ${ms(archiveLag)} after ` +
            `the delete with a forced switch (at most archive_timeout = 60 s otherwise)`,
        );
        ctx.log(
          `recovery time: ${ms(recoveryMs)} (pgbackrest restore ${ms(restoreMs)}, WAL replay and promotion ` +
            `${ms(recoveryMs - restoreMs)}); full backup took ${ms(backupMs)}`,
        );
      } finally {
        await db.$client.end().catch(() => {});
      }
    },
  },
];

function toIso(timestamp: string): string {
  return timestamp.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00");
}

function chownByName(p: string): void {
  const { uid, gid } = postgresIds();
  chownSync(p, uid, gid);
}

let ids: { uid: number; gid: number } | undefined;
function postgresIds(): { uid: number; gid: number } {
  if (!ids) {
    const passwd = readPasswd().find((l) => l.startsWith("postgres:"));
    assert(passwd, "no postgres user (the postgresql-15 package creates it)");
    const [, , uid, gid] = passwd.split(":");
    ids = { uid: Number(uid), gid: Number(gid) };
  }
  return ids;
}

function readPasswd(): string[] {
  return readFileSync("/etc/passwd", "utf8").split("\n");
}

async function query(url: string, text: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}
