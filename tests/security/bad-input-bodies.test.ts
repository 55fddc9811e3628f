import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { checkAnswer, digest, MB, schemaRoutes, useBadInputApp } from "./bad-input-kit.ts";

// A test build whose Fastify instances log every route with its schema (onRoute).
vi.mock("fastify", async (orig) => (await import("./support.ts")).mockFastifyWithRouteLog(orig));

/** Wrong bodies, content types and multipart uploads, sent as an admin: 4xx JSON, nothing written. */

const app = useBadInputApp();
let t: TestApp;
let admin: AuthHeaders;
let ids: ReturnType<typeof useBadInputApp>["ids"];
beforeAll(() => {
  ({ t, admin, ids } = app);
});

describe("wrong bodies and content types", () => {
  const jsonRoutes = () => schemaRoutes().filter((r) => (r.schema as Record<string, unknown>).body);

  it.each([
    ["text/plain", "name=x"],
    ["application/xml", "<user><name>x</name></user>"],
    ["application/x-www-form-urlencoded", "name=x&email=y"],
    ["multipart/form-data; boundary=abc", '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--abc--'],
    ["application/json", "{"],
    ["application/json", '{"name": "x",}'],
    ["application/json", '{"__proto__": {"function": "admin"}, "constructor": {"prototype": {"x": 1}}}'],
    ["application/json", "x".repeat(MB + 10)],
    ["application/json; charset=utf-16", '{"name":"x"}'],
    ["", '{"name":"x"}'],
  ])("content-type %j answers 4xx JSON with a message on every JSON route, writing nothing", async (type, payload) => {
    for (const r of jsonRoutes()) {
      const url = r.url.replace(/:\w+/g, "1");
      const before = await digest();
      const headers: Record<string, string> = { ...admin };
      if (type) headers["content-type"] = type;
      const res = await t.app.inject({ method: r.method as "POST", url, headers, payload });
      checkAnswer(res, `${type} ${r.method} ${r.url}`);
      expect(res.statusCode, `${type} ${r.method} ${r.url}`).toBeGreaterThanOrEqual(400);
      expect(await digest(), `${type} ${r.method} ${r.url}`).toBe(before);
    }
  });
});

describe("multipart uploads", () => {
  const uploadsDir = () => path.join(t.config.dataDir, "uploads");
  const allFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const full = path.join(dir, f);
      return statSync(full).isDirectory() ? allFiles(full) : [full];
    });
  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 200, b: 30 } } })
      .png()
      .toBuffer();

  function form(
    fields: Record<string, string>,
    files: Array<{ field: string; data: Buffer; name: string; type?: string }>,
  ) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const f of files)
      fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? "image/png" }), f.name);
    return fd;
  }
  const productFields = () => ({
    name: "Produto Upload",
    description: "Descrição",
    price: "9,90",
    categoria: "Canecas",
  });
  const bannerFields = { titulo: "Título", slogam: "Slogan" };
  const targets = () => [
    { method: "POST", url: "/api/product/create", field: "images", fields: productFields() },
    { method: "PUT", url: `/api/product/updateproductstock/${ids.product}`, field: "images", fields: productFields() },
    { method: "POST", url: "/api/product/create_banner", field: "imagem", fields: bannerFields },
  ];
  const upload = (target: ReturnType<typeof targets>[number], files: Parameters<typeof form>[1]) =>
    t.app.inject({
      method: target.method as "POST",
      url: target.url,
      headers: admin,
      payload: form(target.fields, files) as unknown as string,
    });

  it.each([
    ["a text file renamed .png", () => Buffer.from("isto não é uma imagem\n".repeat(50)), "foto.png"],
    [
      "an SVG with a script, renamed .png",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "foto.png",
    ],
    ["an HTML page renamed .jpg", () => Buffer.from("<!doctype html><script>alert(1)</script>"), "foto.jpg"],
    ["a truncated PNG", () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "foto.png"],
    ["an empty file", () => Buffer.alloc(0), "vazio.png"],
    ["a text file named ../../x.png", () => Buffer.from("não é imagem"), "../../x.png"],
    ["an oversized file (9 MB)", () => Buffer.alloc(9 * MB, 0x41), "grande.png"],
  ])("%s: 4xx JSON, no row and no file written", async (_label, data, name) => {
    for (const target of targets()) {
      const filesBefore = allFiles(t.config.dataDir).sort();
      const before = await digest();
      const res = await upload(target, [{ field: target.field, data: data(), name }]);
      checkAnswer(res, `${target.url} ${name}`);
      expect(res.statusCode, `${target.url} ${name}`).toBeGreaterThanOrEqual(400);
      expect(allFiles(t.config.dataDir).sort(), target.url).toEqual(filesBefore);
      expect(await digest(), target.url).toBe(before);
    }
  });

  it.each(["../../x.png", "..\\..\\x.png", "/etc/x.png", "a\u0000.png", "<script>.png", `${"a".repeat(1000)}.png`])(
    "a real image named %j is stored only under a generated name inside uploads/",
    async (name) => {
      for (const target of targets()) {
        const before = new Set(allFiles(t.config.dataDir));
        const res = await upload(target, [{ field: target.field, data: await png(), name }]);
        expect(res.statusCode, `${target.url} ${res.body}`).toBeLessThan(300);
        const added = allFiles(t.config.dataDir).filter((f) => !before.has(f));
        expect(added.length, target.url).toBeGreaterThan(0);
        for (const file of added) {
          expect(file.startsWith(uploadsDir() + path.sep), file).toBe(true);
          expect(path.basename(file), file).toMatch(/^[0-9a-f-]{36}(-\d+)?\.(jpg|webp)$/);
        }
      }
      const parent = path.dirname(t.config.dataDir);
      expect(readdirSync(parent)).not.toContain("x.png");
      expect(readdirSync(t.config.dataDir)).not.toContain("x.png");
    },
  );

  it("a picture with a script appended is re-encoded: the stored file does not carry the script", async () => {
    const polyglot = Buffer.concat([await png(), Buffer.from("<script>alert(1)</script>")]);
    const before = new Set(allFiles(uploadsDir()));
    const res = await upload(targets()[0]!, [{ field: "images", data: polyglot, name: "foto.png" }]);
    expect(res.statusCode, res.body).toBe(201);
    const added = allFiles(uploadsDir()).filter((f) => !before.has(f));
    expect(added.length).toBeGreaterThan(0);
    for (const f of added) expect(readFileSync(f).includes("<script>"), f).toBe(false);
  });
});
