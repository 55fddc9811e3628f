// npm run restore -- FILE — brings a backup made by `npm run backup` back into an EMPTY DATA_DIR (it never
// overwrites data), checks every table, picture and secret against the backup's manifest, then leaves the
// DATA_DIR ready for `npm start`.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { extractArchive, readMember } from "./backup/archive.ts";
import { chownToPostgres, dataDirFromEnv, MANIFEST_FILE, PG_DIR, UPLOADS_DIR } from "./backup/data-dir.ts";
import { differences, fileFigures, tableFigures, type Manifest } from "./backup/manifest.ts";
import { startPrivatePostgres } from "./backup/private-postgres.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals } = parseArgs({ allowPositionals: true, strict: true, options: {} });
if (positionals.length !== 1) fail("Indique o ficheiro da cópia: npm run restore -- loja-AAAA-MM-DD.tar.gz");
const file = path.resolve(positionals[0]!);
if (!existsSync(file)) fail(`O ficheiro ${file} não existe.`);
const dataDir = dataDirFromEnv();
if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
  fail(
    `O DATA_DIR ${dataDir} não está vazio: a reposição só escreve num diretório vazio, para nunca substituir dados. ` +
      `Indique outro DATA_DIR (por exemplo DATA_DIR=./data-reposta npm run restore -- ${positionals[0]}) ` +
      `ou mova este diretório para outro lado e repita.`,
  );
}

const began = Date.now();
let manifest: Manifest;
try {
  manifest = JSON.parse(await readMember(file, MANIFEST_FILE)) as Manifest;
  if (manifest.format !== 1) throw new Error(`formato ${String(manifest.format)} desconhecido`);
} catch (error) {
  fail(`${file} não é uma cópia feita por npm run backup (${(error as Error).message}).`);
}

// Extracted beside DATA_DIR and moved into place only once it has been checked.
const work = `${dataDir}.restoring-${process.pid}`;
try {
  await mkdir(work, { recursive: true });
  await extractArchive(file, work);
  chownToPostgres(path.join(work, PG_DIR));
  const problems = [
    ...differences("imagem", manifest.pictures, await fileFigures(path.join(work, UPLOADS_DIR)), (f) => f.path),
    ...differences(
      "segredo",
      manifest.secrets,
      (await fileFigures(work)).filter((f) => !f.path.includes("/") && f.path !== MANIFEST_FILE),
      (f) => f.path,
    ),
  ];
  if (problems.length > 0) throw new Error(`a cópia não confere com o manifesto:\n  ${problems.join("\n  ")}`);
  const db = await startPrivatePostgres(work);
  const tables = await tableFigures(db.url).finally(() => db.stop());
  const tableProblems = differences("tabela", manifest.tables, tables, (t) => t.table);
  if (tableProblems.length > 0) {
    throw new Error(`a base de dados reposta não confere com o manifesto:\n  ${tableProblems.join("\n  ")}`);
  }
  execFileSync("sync"); // tar and the check's PostgreSQL (fsync off) left the files in the page cache
  if (existsSync(dataDir)) await rmdir(dataDir);
  await rename(work, dataDir);
} catch (error) {
  await rm(work, { recursive: true, force: true });
  fail(`A reposição falhou: ${(error as Error).message}`);
}

const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
console.log(
  [
    `Cópia reposta em ${dataDir} (${((Date.now() - began) / 1000).toFixed(1)} s) e verificada:`,
    `  ${manifest.tables.length} tabelas com ${rows} linhas, ${manifest.pictures.length} imagens e ` +
      `${manifest.secrets.length} segredos iguais aos da cópia.`,
    `  Ponto de recuperação: ${manifest.recoveryPoint.to}. Inicie a loja com DATA_DIR=${dataDir} npm start.`,
  ].join("\n"),
);
