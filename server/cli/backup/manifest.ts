import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/*
 * The backup's manifest: what the archive holds, to prove a restore brought back the same data. Every table of
 * the `loja` database with its row count and an MD5 of its rows in primary-key order, every picture and secret
 * file with its SHA-256. The table figures are taken from the backup itself (after PostgreSQL replayed its WAL),
 * so they describe exactly the consistent point the archive restores to, even when the shop was busy.
 */

export interface TableFigure {
  table: string;
  rows: number;
  md5: string;
}

export interface FileFigure {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  postgres: { version: string; startLsn: string; stopLsn: string; walSegments: number };
  /** Every transaction committed before `from` is in the backup; none committed after `to`. */
  recoveryPoint: { from: string; to: string };
  tables: TableFigure[];
  pictures: FileFigure[];
  secrets: FileFigure[];
}

/** Row count and MD5 of every table with storage (partitions counted one by one), in a single snapshot. */
export async function tableFigures(url: string): Promise<TableFigure[]> {
  const client = new pg.Client({ connectionString: url, application_name: "loja-backup-check" });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const tables = await client.query<{ name: string; pk: string[] | null }>(`
      select format('%I.%I', n.nspname, c.relname) as name,
             (select array_agg(quote_ident(a.attname) order by k.ord)
                from pg_index i
                cross join unnest(i.indkey) with ordinality as k(attnum, ord)
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
               where i.indrelid = c.oid and i.indisprimary) as pk
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and c.relpersistence = 'p'
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 1`);
    const figures: TableFigure[] = [];
    for (const { name, pk } of tables.rows) {
      const order = pk?.length ? pk.join(", ") : `t::text collate "C"`;
      const { rows } = await client.query<{ rows: string; md5: string }>(
        `select count(*)::text as rows, md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as md5 from ${name} t`,
      );
      figures.push({ table: name, rows: Number(rows[0]!.rows), md5: rows[0]!.md5 });
    }
    await client.query("commit");
    return figures;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file under `dir` (paths relative to `base`, with forward slashes). */
export async function fileFigures(dir: string, base = dir): Promise<FileFigure[]> {
  if (!existsSync(dir)) return [];
  const out: FileFigure[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await fileFigures(full, base)));
    else if (entry.isFile()) {
      out.push({
        path: path.relative(base, full).split(path.sep).join("/"),
        bytes: (await stat(full)).size,
        sha256: await sha256File(full),
      });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** What differs between the manifest's figures and those found now (empty when they agree). */
export function differences<T extends { rows?: number; md5?: string; sha256?: string }>(
  what: string,
  expected: T[],
  found: T[],
  key: (x: T) => string,
): string[] {
  const problems: string[] = [];
  const seen = new Map(found.map((f) => [key(f), f]));
  for (const e of expected) {
    const f = seen.get(key(e));
    seen.delete(key(e));
    if (!f) problems.push(`${what} ${key(e)}: missing`);
    else if (f.rows !== e.rows || f.md5 !== e.md5 || f.sha256 !== e.sha256) {
      problems.push(
        `${what} ${key(e)}: ` +
          (e.rows !== undefined
            ? `${f.rows} rows (md5 ${f.md5}), expected ${e.rows} (md5 ${e.md5})`
            : "different content"),
      );
    }
  }
  for (const extra of seen.keys()) problems.push(`${what} ${extra}: not in the backup`);
  return problems;
}
