import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import { differences, fileFigures, tableFigures } from "./manifest.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("create table backup_probe (id int primary key, name text)");
  await client.query("create table backup_nokey (name text)");
  await client.query("create unlogged table backup_scratch (id int)");
});

afterAll(async () => {
  await client.end();
  await database.drop();
});

const probe = async () => (await tableFigures(database.url)).find((t) => t.table === "public.backup_probe")!;

describe("tableFigures", () => {
  it("covers every table of the shop's schema, in key order whatever the order rows were written in", async () => {
    await client.query("insert into backup_probe values (2, 'b'), (1, 'a')");
    const a = await probe();
    await client.query("truncate backup_probe");
    await client.query("insert into backup_probe values (1, 'a'), (2, 'b')");
    const b = await probe();
    expect(a).toEqual({ table: "public.backup_probe", rows: 2, md5: b.md5 });
    const names = (await tableFigures(database.url)).map((t) => t.table);
    expect(names).toContain("public.orders");
    expect(names).toContain("public.backup_nokey");
    // Unlogged tables come back empty from any physical backup: they are not compared.
    expect(names).not.toContain("public.backup_scratch");
  });

  it("changes when one value of one row changes, and the differences name the table", async () => {
    const before = await tableFigures(database.url);
    await client.query("update backup_probe set name = 'B' where id = 2");
    const after = await tableFigures(database.url);
    expect(differences("tabela", before, after, (t) => t.table)).toEqual([
      expect.stringMatching(/^tabela public\.backup_probe: 2 rows \(md5 [0-9a-f]{32}\), expected 2/),
    ]);
    await client.query("delete from backup_probe where id = 1");
    expect(differences("tabela", after, await tableFigures(database.url), (t) => t.table)).toHaveLength(1);
  });
});

describe("fileFigures and differences", () => {
  it("finds a missing, a changed and an unexpected picture", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "loja-manifest-"));
    try {
      mkdirSync(path.join(dir, "sub"));
      writeFileSync(path.join(dir, "a.jpg"), "a");
      writeFileSync(path.join(dir, "b.jpg"), "b");
      writeFileSync(path.join(dir, "sub", "c.webp"), "c");
      const expected = await fileFigures(dir);
      expect(expected.map((f) => f.path)).toEqual(["a.jpg", "b.jpg", "sub/c.webp"]);
      expect(differences("imagem", expected, await fileFigures(dir), (f) => f.path)).toEqual([]);

      rmSync(path.join(dir, "a.jpg"));
      writeFileSync(path.join(dir, "b.jpg"), "B");
      writeFileSync(path.join(dir, "d.jpg"), "d");
      expect(differences("imagem", expected, await fileFigures(dir), (f) => f.path)).toEqual([
        "imagem a.jpg: missing",
        "imagem b.jpg: different content",
        "imagem d.jpg: not in the backup",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
