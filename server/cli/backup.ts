// npm run backup -- --out FILE — an online backup of the embedded database, the pictures and the secrets of
// DATA_DIR in one file (tar.gz), while the shop keeps running. The backup is restored once before it is
// written (its WAL replayed by a private PostgreSQL), which also gives the manifest's row counts and checksums.
// `npm run restore -- FILE` brings it back (docs/operations.md, "Backups"; decision 0021).
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from "#server/core/db/embedded.ts";
import { lockDataDir } from "#server/core/db/lock.ts";
import { createArchive } from "./backup/archive.ts";
import { copyRunningCluster } from "./backup/base-backup.ts";
import { copyDirectory } from "./backup/copy.ts";
import {
  chownToPostgres,
  dataDirFromEnv,
  freePort,
  MANIFEST_FILE,
  PG_DIR,
  secretFiles,
  UPLOADS_DIR,
} from "./backup/data-dir.ts";
import { fileFigures, tableFigures, type Manifest } from "./backup/manifest.ts";
import { startPrivatePostgres } from "./backup/private-postgres.ts";
import { parseCliArgs } from "./args.ts";

const quiet = { info: () => {}, warn: (m: string) => console.error(m) };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { out } = parseCliArgs({ out: { type: "string" } });
if (!out) fail("Indique o ficheiro da cópia: npm run backup -- --out loja-AAAA-MM-DD.tar.gz");
if (process.env.DATABASE_URL?.trim()) {
  fail(
    "DATABASE_URL está definido: a base de dados é um PostgreSQL externo, copiado pelas ferramentas dele " +
      "(pgBackRest com arquivo de WAL, ver docs/operations.md). Este comando copia a base de dados embutida.",
  );
}
const dataDir = dataDirFromEnv();
if (!existsSync(path.join(dataDir, PG_DIR, "PG_VERSION"))) {
  fail(`Não há base de dados embutida em ${path.join(dataDir, PG_DIR)} (DATA_DIR=${dataDir}).`);
}
if (process.env.UPLOADS_STORAGE?.trim() === "s3") {
  console.warn(
    "UPLOADS_STORAGE=s3: as imagens estão no bucket e não entram nesta cópia (mantenha o bucket com versões).",
  );
}
const file = path.resolve(out);
const partial = `${file}.partial`;
const began = Date.now();

// The shop running on this DATA_DIR keeps running; without one, its database is started here for the backup.
let url = runningEmbeddedUrl(dataDir);
let own: EmbeddedDatabase | undefined;
let release = () => {};
if (!url) {
  release = lockDataDir(dataDir);
  own = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger: quiet });
  url = own.url;
}

const stage = await mkdtemp(path.join(os.tmpdir(), "loja-backup-"));
try {
  const base = await copyRunningCluster({
    url,
    liveDir: path.join(dataDir, PG_DIR),
    targetDir: path.join(stage, PG_DIR),
  });
  await own?.stop();
  own = undefined;
  release();
  // After the database: every picture a backed-up row names was written before that row was committed.
  const secrets = secretFiles(dataDir);
  for (const name of secrets) await copyFile(path.join(dataDir, name), path.join(stage, name));
  await copyDirectory(path.join(dataDir, UPLOADS_DIR), path.join(stage, UPLOADS_DIR));

  chownToPostgres(path.join(stage, PG_DIR));
  const check = await startPrivatePostgres(stage);
  const tables = await tableFigures(check.url).finally(() => check.stop());

  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    postgres: {
      version: base.serverVersion,
      startLsn: base.startLsn,
      stopLsn: base.stopLsn,
      walSegments: base.walSegments,
    },
    recoveryPoint: { from: base.stopRequestedAt.toISOString(), to: base.stoppedAt.toISOString() },
    tables,
    pictures: await fileFigures(path.join(stage, UPLOADS_DIR)),
    secrets: (await fileFigures(stage)).filter((f) => secrets.includes(f.path)),
  };
  await writeFile(path.join(stage, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + "\n");
  await createArchive(stage, partial);
  await rename(partial, file);

  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  const size = (await stat(file)).size;
  console.log(
    [
      `Cópia de segurança gravada em ${file} (${(size / 1024 / 1024).toFixed(1)} MB, ${((Date.now() - began) / 1000).toFixed(1)} s).`,
      `  Base de dados: ${tables.length} tabelas, ${rows} linhas (PostgreSQL ${base.serverVersion}, WAL ${base.startLsn}…${base.stopLsn}).`,
      `  Imagens: ${manifest.pictures.length}; segredos: ${secrets.join(", ") || "nenhum"}.`,
      `  Ponto de recuperação: ${manifest.recoveryPoint.to} (tudo o que foi confirmado até ${manifest.recoveryPoint.from}).`,
    ].join("\n"),
  );
} catch (error) {
  process.exitCode = 1;
  console.error(`A cópia de segurança falhou: ${(error as Error).message}`);
  await rm(partial, { force: true });
} finally {
  await own?.stop().catch(() => {});
  release();
  await rm(stage, { recursive: true, force: true });
}
