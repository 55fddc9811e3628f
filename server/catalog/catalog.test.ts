import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import {
  banners,
  categories,
  colors,
  orderLines,
  orders,
  productImages,
  products,
  sizeColorEntries,
  sizes,
  stockMovements,
  variants,
} from "../db/schema.ts";
import { CATALOG_MESSAGES as M } from "./schemas.ts";

let t: TestApp;
let admin: AuthHeaders;
let adminId: number;
let cliente: AuthHeaders;
let uploadsDir: string;
let categoryId: number;

type Method = "GET" | "POST" | "PUT" | "DELETE";

beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = path.join(t.config.dataDir, "uploads");
  const a = await createUser(t.db, "admin");
  adminId = a.id;
  admin = await login(t.app, a.email, a.password);
  const c = await createUser(t.db, "cliente");
  cliente = await login(t.app, c.email, c.password);
  const [cat] = await t.db.insert(categories).values({ name: "Canecas" }).returning();
  categoryId = cat!.id;
});
afterAll(() => t.close());

// ---------- helpers ----------

const image = (color = { r: 200, g: 40, b: 40 }, width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const files = () => readdirSync(uploadsDir).sort();

interface FormInput {
  fields?: Record<string, string>;
  files?: Array<{ field?: string; data: Buffer; name?: string; type?: string }>;
}

function form(input: FormInput): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(input.fields ?? {})) fd.append(k, v);
  for (const f of input.files ?? []) {
    fd.append(
      f.field ?? "images",
      new Blob([new Uint8Array(f.data)], { type: f.type ?? "image/png" }),
      f.name ?? "foto.png",
    );
  }
  return fd;
}

const call = (method: Method, url: string, opts: { headers?: AuthHeaders; payload?: unknown } = {}) =>
  t.app.inject({
    method,
    url,
    headers: opts.headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as string }),
  });

const get = (url: string, headers?: AuthHeaders) => call("GET", url, { headers });

let counter = 0;
async function createProduct(fields: Record<string, string> = {}, imageCount = 1): Promise<number> {
  counter++;
  const imgs = await Promise.all(
    Array.from({ length: imageCount }, (_, i) => image({ r: (counter * 37) % 256, g: i * 60, b: 90 })),
  );
  const res = await call("POST", "/api/product/create", {
    headers: admin,
    payload: form({
      fields: {
        name: `Caneca ${counter}`,
        description: "Caneca de cerâmica pintada à mão.",
        price: "12,50",
        categoria: String(categoryId),
        sizes: "Único",
        ...fields,
      },
      files: imgs.map((data) => ({ data })),
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function createColor(name: string, hex = "#123456"): Promise<number> {
  const [row] = await t.db.insert(colors).values({ name, colorHex: hex }).returning();
  return row!.id;
}
async function createSize(name: string, sortOrder: number): Promise<number> {
  const [row] = await t.db.insert(sizes).values({ name, sortOrder }).returning();
  return row!.id;
}

async function countAll() {
  return {
    products: await t.db.$count(products),
    images: await t.db.$count(productImages),
    categories: await t.db.$count(categories),
    files: files().length,
  };
}

// ---------- creation ----------

describe("POST /api/product/create", () => {
  it("creates a product with its pictures, price parsed to cents, defaults status 1 and modelo 5", async () => {
    const before = files().length;
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({
        fields: {
          name: "T-shirt Andorinha",
          description: "Algodão orgânico.",
          price: "12,50",
          categoria: String(categoryId),
          sizes: "S, M,,L,M",
          unknown_field: "ignorado",
        },
        files: [{ data: await image() }, { data: await image({ r: 0, g: 0, b: 255 }), name: "../../etc/passwd.png" }],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, message: "Produto criado com sucesso!", id: expect.any(Number) });
    const id = res.json().id;

    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceCents: 1250, status: 1, modeloId: 5, sizes: "S,M,L", categoryId });
    const imgs = await t.db.select().from(productImages).where(eq(productImages.productId, id));
    expect(imgs).toHaveLength(2);
    // Stored under generated names, never the client's; originals plus WebP variants on disk.
    for (const img of imgs) {
      expect(img.fileName).toMatch(/^[0-9a-f-]{36}\.(jpg|webp)$/);
      expect(files()).toContain(img.fileName);
    }
    expect(files().length).toBeGreaterThan(before + 2);

    const product = await get(`/api/product/${id}`);
    expect(product.statusCode).toBe(200);
    expect(product.json()).toEqual({
      id,
      name: "T-shirt Andorinha",
      description: "Algodão orgânico.",
      price: 12.5,
      price_cents: 1250,
      image: imgs
        .sort((a, b) => a.position - b.position)
        .map((i) => i.fileName)
        .join(","),
      images: imgs.map((i) => i.fileName),
      status: 1,
      categoria: "Canecas",
      categoria_id: categoryId,
      sizes: "S,M,L",
      quantidade: 0,
      cor: "",
      tamanho: "S,M,L",
      modelo_id: 5,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The picture is served from /uploads/.
    const served = await get(`/uploads/${imgs[0]!.fileName}`);
    expect(served.statusCode).toBe(200);
  });

  it("accepts a category name, reusing an existing one case-insensitively or creating a new one", async () => {
    const a = await createProduct({ categoria: "canecas" });
    const b = await createProduct({ categoria: "Agendas" });
    expect((await get(`/api/product/${a}`)).json()).toMatchObject({ categoria: "Canecas", categoria_id: categoryId });
    expect((await get(`/api/product/${b}`)).json().categoria).toBe("Agendas");
    const list = (await get("/api/product/categorias")).json();
    expect(list).toEqual(
      expect.arrayContaining([
        { id: categoryId, name: "Canecas" },
        { id: expect.any(Number), name: "Agendas" },
      ]),
    );
  });

  it("takes modelo_id and status when given", async () => {
    const id = await createProduct({ modelo_id: "42", status: "0" });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ modeloId: 42, status: 0 });
  });

  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12.5", 1250],
    ["0,99", 99],
    [" 7 € ", 700],
    ["007,1", 710],
    ["1000000", 100_000_000],
    ["1 234,5", 123_450],
  ])("parses the price %j to %i cents exactly", async (price, cents) => {
    const id = await createProduct({ price });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row?.priceCents).toBe(cents);
    expect((await get(`/api/product/${id}`)).json().price).toBe(cents / 100);
  });

  it.each([
    ["-1", M.priceNegative],
    ["-0,50", M.priceNegative],
    ["abc", M.priceInvalid],
    ["NaN", M.priceInvalid],
    ["Infinity", M.priceInvalid],
    ["1e5", M.priceInvalid],
    ["12,345", M.priceAmbiguous],
    ["1.234,56", M.priceAmbiguous],
    ["12,3456", M.priceDecimals],
    ["0", M.priceZero],
    ["1000000,01", M.priceTooHigh],
    ["99999999999999999999", M.priceTooHigh],
    ["", M.required],
  ])("refuses the price %j with a pt-PT 400 and writes nothing", async (price, message) => {
    const before = await countAll();
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({
        fields: { name: "X", description: "Y", price, categoria: String(categoryId) },
        files: [{ data: await image() }],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await countAll()).toEqual(before);
  });

  it("refuses a product without pictures and writes nothing", async () => {
    const before = await countAll();
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({ fields: { name: "Sem foto", description: "D", price: "5", categoria: "Novidades" } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: M.imageRequired, error: M.imageRequired });
    expect(await countAll()).toEqual(before);
  });

  it("skips an empty file input (no file chosen) and still asks for a picture", async () => {
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({
        fields: { name: "A", description: "D", price: "5", categoria: String(categoryId) },
        files: [{ data: Buffer.alloc(0), name: "" }],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.imageRequired);
  });

  it("refuses a text file posing as a .png, and removes the good pictures already stored", async () => {
    const before = await countAll();
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({
        fields: { name: "Falsa", description: "D", price: "5", categoria: "Nova categoria" },
        files: [
          { data: await image() },
          { data: Buffer.from("isto não é uma imagem <script>alert(1)</script>"), name: "foto.png", type: "image/png" },
        ],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("O ficheiro enviado não é uma imagem válida.");
    expect(await countAll()).toEqual(before);
  });

  it.each([
    ["name", M.required],
    ["description", M.required],
    ["price", M.required],
    ["categoria", M.required],
  ])("refuses a form without %s with 'Por favor, preencha todos os campos obrigatórios.'", async (missing, message) => {
    const fields: Record<string, string> = { name: "N", description: "D", price: "5", categoria: String(categoryId) };
    delete fields[missing];
    const before = await countAll();
    const res = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({ fields, files: [{ data: await image() }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countAll()).toEqual(before);
  });

  it("refuses blank fields, over-long text and an unknown category id", async () => {
    const base = { name: "N", description: "D", price: "5", categoria: String(categoryId) };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...base, name: "   " }, 400, M.required],
      [{ ...base, name: "N".repeat(201) }, 400, M.nameTooLong],
      [{ ...base, description: "D".repeat(5001) }, 400, M.descriptionTooLong],
      [{ ...base, categoria: "999999" }, 400, M.categoryNotFound],
      [{ ...base, modelo_id: "abc" }, 400, M.modeloInvalid],
      [{ ...base, modelo_id: "-3" }, 400, M.modeloInvalid],
      [{ ...base, status: "2" }, 400, M.statusInvalid],
      [{ ...base, sizes: Array.from({ length: 31 }, (_, i) => `T${i}`).join(",") }, 400, M.sizesInvalid],
      [{ ...base, description: "x".repeat(200 * 1024) }, 413, "Um dos campos do formulário é demasiado longo."],
    ];
    for (const [fields, status, message] of cases) {
      const before = await countAll();
      const res = await call("POST", "/api/product/create", {
        headers: admin,
        payload: form({ fields, files: [{ data: await image() }] }),
      });
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await countAll()).toEqual(before);
    }
  });

  it("answers 413 in pt-PT to a file over 8 MB and to too many files", async () => {
    const base = { name: "N", description: "D", price: "5", categoria: String(categoryId) };
    const big = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({ fields: base, files: [{ data: Buffer.alloc(9 * 1024 * 1024, 1) }] }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/demasiado grande/);
    const small = await image();
    const many = await call("POST", "/api/product/create", {
      headers: admin,
      payload: form({ fields: base, files: Array.from({ length: 11 }, () => ({ data: small })) }),
    });
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toMatch(/no máximo 10 imagens/);
  });

  it("answers 415 to a JSON body and 400 to a malformed multipart body", async () => {
    const json = await call("POST", "/api/product/create", {
      headers: admin,
      payload: { name: "N", description: "D", price: 5, categoria: categoryId },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart/);
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/product/create",
      headers: { ...admin, "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc\r\n--xy',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
  });

  it("stores SQL and HTML fragments as plain text and returns them unchanged", async () => {
    const name = `'); DROP TABLE products; -- <img src=x onerror=alert(1)>`;
    const description = `<script>alert("x")</script> & "aspas" 'simples'`;
    const id = await createProduct({ name, description, categoria: "<b>Cat</b>" });
    const res = await get(`/api/product/${id}`);
    expect(res.json()).toMatchObject({ name, description, categoria: "<b>Cat</b>" });
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(await t.db.$count(products)).toBeGreaterThan(0);
  });
});

// ---------- visibility ----------

describe("visibility of products out of the shop (status 0)", () => {
  let shown: number;
  let hidden: number;
  beforeAll(async () => {
    shown = await createProduct({ modelo_id: "77", name: "Visível" });
    hidden = await createProduct({ modelo_id: "77", name: "Escondido" });
    const res = await call("PUT", `/api/product/editstatus/${hidden}`, { headers: admin });
    expect(res.statusCode).toBe(200);
  });

  it("hides it from visitors and clientes on every public call", async () => {
    for (const headers of [undefined, cliente]) {
      const list = (await get("/api/product", headers)).json() as Array<{ id: number }>;
      expect(list.map((p) => p.id)).toContain(shown);
      expect(list.map((p) => p.id)).not.toContain(hidden);
      const all = (await get("/api/product/all", headers)).json() as Array<{ id: number }>;
      expect(all.map((p) => p.id)).toContain(shown);
      expect(all.map((p) => p.id)).not.toContain(hidden);
      for (const url of ["", "related/", "stock/", "stockdetalhe/", "coresDetails/", "productSize/"]) {
        const res = await get(`/api/product/${url}${hidden}`, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe("Produto não encontrado");
      }
      const related = (await get(`/api/product/related/${shown}`, headers)).json() as Array<{ id: number }>;
      expect(related.map((p) => p.id)).not.toContain(hidden);
    }
  });

  it("shows it to admins on /all and /:id (and the per-product calls)", async () => {
    const all = (await get("/api/product/all", admin)).json() as Array<{ id: number; status: number }>;
    expect(all.find((p) => p.id === hidden)).toMatchObject({ status: 0 });
    const one = await get(`/api/product/${hidden}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: hidden, status: 0, name: "Escondido" });
    for (const url of ["stock/", "stockdetalhe/", "coresDetails/", "productSize/", "related/"]) {
      expect((await get(`/api/product/${url}${hidden}`, admin)).statusCode, url).toBe(200);
    }
    // Related products are in-shop products only, whoever asks.
    const related = (await get(`/api/product/related/${hidden}`, admin)).json() as Array<{ id: number }>;
    expect(related.map((p) => p.id)).toEqual([shown]);
  });

  it("/all lists id, status, name, image and price", async () => {
    const all = (await get("/api/product/all", admin)).json() as Array<Record<string, unknown>>;
    const item = all.find((p) => p.id === shown)!;
    expect(item).toEqual({
      id: shown,
      status: 1,
      name: "Visível",
      image: expect.any(String),
      price: 12.5,
      price_cents: 1250,
    });
  });

  it("answers 400 'ID do produto inválido' to malformed ids and 404 to unknown ones", async () => {
    for (const id of ["abc", "-1", "0", "1.5", "1e3", "99999999999", "2147483648", "%20"]) {
      for (const prefix of ["", "related/", "stock/", "stockdetalhe/", "coresDetails/", "productSize/"]) {
        const res = await get(`/api/product/${prefix}${id}`);
        expect(res.statusCode, `${prefix}${id}`).toBe(400);
        expect(res.json().message).toBe(M.invalidProductId);
      }
    }
    const unknown = await get("/api/product/2147483647");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: "Produto não encontrado" });
  });
});

describe("shop status", () => {
  it("adds to and removes from the shop with the spec's messages", async () => {
    const id = await createProduct({ name: "Agenda 2027" });
    const off = await call("PUT", `/api/product/editstatus/${id}`, { headers: admin });
    expect(off.json()).toEqual({ success: true, message: "Agenda 2027 Retirado da loja", id, status: 0 });
    const on = await call("PUT", `/api/product/status/${id}`, { headers: admin });
    expect(on.json()).toEqual({ success: true, message: "Agenda 2027 Adicionado a loja", id, status: 1 });
    expect((await call("PUT", "/api/product/status/2147483647", { headers: admin })).statusCode).toBe(404);
    expect((await call("PUT", "/api/product/status/abc", { headers: admin })).statusCode).toBe(400);
  });
});

describe("GET /api/product/all ETag", () => {
  it("answers 304 while nothing changed and a new ETag after a change", async () => {
    const id = await createProduct();
    const first = await get("/api/product/all", admin);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The admin's list is personal (it holds products out of the shop): no-store (issue 11, 3.7).
    expect(first.headers["cache-control"]).toBe("no-store");

    const same = await t.app.inject({ url: "/api/product/all", headers: { ...admin, "if-none-match": etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    const gzip = await t.app.inject({
      url: "/api/product/all",
      headers: { ...admin, "if-none-match": etag, "accept-encoding": "gzip" },
    });
    expect(gzip.statusCode).toBe(304);

    await call("PUT", `/api/product/editstatus/${id}`, { headers: admin });
    const changed = await t.app.inject({ url: "/api/product/all", headers: { ...admin, "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    // Visitors do not see the status 0 product, so their list (and ETag) differs from the admin's.
    const visitor = await get("/api/product/all");
    expect(visitor.headers.etag).not.toBe(changed.headers.etag);
    expect(visitor.headers["cache-control"]).toMatch(/no-cache/);
    const visitorAgain = await t.app.inject({
      url: "/api/product/all",
      headers: { "if-none-match": `"x", ${visitor.headers.etag}` },
    });
    expect(visitorAgain.statusCode).toBe(304);
  });
});

// ---------- variants, colours, sizes ----------

describe("colours, sizes and size/colour entries", () => {
  it("creates a colour, refuses a duplicate with 409 'Esta cor já existe.'", async () => {
    const res = await call("POST", "/api/product/create_color", {
      headers: admin,
      payload: { cor: "Azul Petróleo", color_hex: "#1A5F7A" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: "Cor criada com sucesso!",
      color: { id: expect.any(Number), name: "Azul Petróleo", color_hex: "#1a5f7a" },
    });
    const dup = await call("POST", "/api/product/create_color", {
      headers: admin,
      payload: { cor: " azul petróleo " },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, message: "Esta cor já existe.", error: "Esta cor já existe." });
    const noHex = await call("POST", "/api/product/create_color", { headers: admin, payload: { cor: "Cinza" } });
    expect(noHex.statusCode).toBe(201);
    expect(noHex.json().color.color_hex).toBeNull();
    const cores = (await get("/api/product/cores")).json();
    expect(cores).toEqual(expect.arrayContaining([{ id: expect.any(Number), name: "Cinza", color_hex: null }]));
  });

  it.each([
    [{}, M.colorRequired],
    [{ cor: "" }, M.colorRequired],
    [{ cor: 42 }, M.colorRequired],
    [{ cor: "X".repeat(51) }, M.colorTooLong],
    [{ cor: "Ok", color_hex: "vermelho" }, M.colorHexInvalid],
    [{ cor: "Ok", color_hex: "#12345g" }, M.colorHexInvalid],
  ])("refuses the colour %j with 400", async (payload, message) => {
    const res = await call("POST", "/api/product/create_color", { headers: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("creates a size and refuses a duplicate", async () => {
    const res = await call("POST", "/api/product/create_size", { headers: admin, payload: { tamanho: "XXL" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: "Tamanho criado com sucesso!", size: { name: "XXL" } });
    const dup = await call("POST", "/api/product/create_size", { headers: admin, payload: { tamanho: "xxl" } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("Este tamanho já existe.");
    const missing = await call("POST", "/api/product/create_size", { headers: admin, payload: { tamanho: " " } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.sizeRequired);
    const list = (await get("/api/product/tamanhos")).json();
    expect(list).toEqual(expect.arrayContaining([{ id: res.json().size.id, name: "XXL" }]));
  });

  it("stores the categoria form (tamanho + cor) and requires both", async () => {
    const res = await call("POST", "/api/product/categoria", {
      headers: admin,
      payload: { tamanho: "M", cor: "Verde" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: "Categoria criada com sucesso!" });
    const rows = await t.db.select().from(sizeColorEntries).where(eq(sizeColorEntries.id, res.json().id));
    expect(rows[0]).toMatchObject({ tamanho: "M", cor: "Verde" });
    for (const payload of [{ tamanho: "M" }, { cor: "Verde" }, { tamanho: "", cor: "" }]) {
      const bad = await call("POST", "/api/product/categoria", { headers: admin, payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(M.entryRequired);
    }
  });
});

describe("variants", () => {
  let productId: number;
  let red: number;
  let blue: number;
  let sizeS: number;
  let sizeM: number;
  beforeAll(async () => {
    productId = await createProduct({ name: "T-shirt Galo", sizes: "S,M,L" });
    red = await createColor("Vermelho", "#dc2626");
    blue = await createColor("Azul", "#2563eb");
    sizeS = await createSize("S", 1);
    sizeM = await createSize("M", 2);
  });

  const createVariant = (payload: unknown) => call("POST", "/api/product/createVariants", { headers: admin, payload });

  it("creates a variant with its stock and records the initial stock movement", async () => {
    const res = await createVariant({ product_id: productId, color_id: red, size_id: sizeS, stock: 12 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: "Variante criada com sucesso!",
      variant: {
        id: expect.any(Number),
        product_id: productId,
        color_id: red,
        color: "Vermelho",
        color_name: "Vermelho",
        color_hex: "#dc2626",
        size_id: sizeS,
        size: "S",
        size_name: "S",
        sizes: "S",
        stock: 12,
      },
    });
    const variantId = res.json().variant.id;
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.variantId, variantId));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ stockBefore: 0, stockAfter: 12, reason: "Stock inicial", actorUserId: adminId });
  });

  it("accepts numbers as text (form values) and a variant without size", async () => {
    const res = await createVariant({ product_id: String(productId), color_id: String(blue), stock: "3" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().variant).toMatchObject({ color_id: blue, size_id: null, size: null, stock: 3 });
    const noSizeAgain = await createVariant({ product_id: productId, color_id: blue, stock: 1 });
    expect(noSizeAgain.statusCode).toBe(409);
  });

  it("refuses a duplicate product + colour + size with 409", async () => {
    const res = await createVariant({ product_id: productId, color_id: red, size_id: sizeS, stock: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.duplicateVariant);
  });

  it.each([
    [{ color_id: 1, stock: 1 }, 400, M.productRequired],
    [{ product_id: 1, stock: 1 }, 400, M.variantRequired],
    [{ product_id: 1, color_id: 1 }, 400, M.variantRequired],
    [{ product_id: 1, color_id: 1, stock: "" }, 400, M.variantRequired],
    [{ product_id: 1, color_id: 1, stock: -1 }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: "-5" }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: 1.5 }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: "abc" }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: [1] }, 400, M.invalidStock],
    [{ product_id: 1, color_id: 1, stock: 1e12 }, 400, M.stockTooHigh],
    [{ product_id: "abc", color_id: 1, stock: 1 }, 400, M.invalidProductId],
    [{ product_id: -1, color_id: 1, stock: 1 }, 400, M.invalidProductId],
    [{ product_id: 1, color_id: 1, size_id: "x", stock: 1 }, 400, M.invalidSizeId],
    [{ product_id: 2147483647, color_id: 1, stock: 1 }, 404, M.productNotFound],
  ])("refuses %j", async (payload, status, message) => {
    const before = await t.db.$count(variants);
    const res = await createVariant(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await t.db.$count(variants)).toBe(before);
  });

  it("refuses an unknown colour or size with 404", async () => {
    const c = await createVariant({ product_id: productId, color_id: 2147483647, stock: 1 });
    expect(c.statusCode).toBe(404);
    expect(c.json().message).toBe(M.colorNotFound);
    const s = await createVariant({ product_id: productId, color_id: red, size_id: 2147483647, stock: 1 });
    expect(s.statusCode).toBe(404);
    expect(s.json().message).toBe(M.sizeNotFound);
  });

  it("reports stock, colours, sizes and the stock detail from the variants", async () => {
    await createVariant({ product_id: productId, color_id: red, size_id: sizeM, stock: 0 });
    expect((await get(`/api/product/stock/${productId}`)).json()).toEqual({ totalStock: 15 });
    expect((await get(`/api/product/coresDetails/${productId}`)).json()).toEqual([
      { id: blue, name: "Azul", color_hex: "#2563eb" },
      { id: red, name: "Vermelho", color_hex: "#dc2626" },
    ]);
    expect((await get(`/api/product/productSize/${productId}`)).json()).toEqual([
      { id: sizeS, name: "S", tamanho: "S" },
      { id: sizeM, name: "M", tamanho: "M" },
    ]);
    const detail = (await get(`/api/product/stockdetalhe/${productId}`)).json();
    expect(detail).toMatchObject({
      id: productId,
      name: "T-shirt Galo",
      quantidade: 15,
      cor: "Azul,Vermelho",
      tamanho: "S,M",
    });
    expect(detail.variants).toHaveLength(3);
    expect(detail.variants[0]).toMatchObject({ color: "Azul", size: null, sizes: null, stock: 3 });
    expect(detail.variants.map((v: { size: string | null }) => v.size)).toEqual([null, "S", "M"]);
  });

  it("lists the product's own sizes when it has no sized variants", async () => {
    const id = await createProduct({ sizes: "S,XL,Único" });
    expect((await get(`/api/product/productSize/${id}`)).json()).toEqual([
      { id: sizeS, name: "S", tamanho: "S" },
      { name: "XL", tamanho: "XL" },
      { name: "Único", tamanho: "Único" },
    ]);
    expect((await get(`/api/product/coresDetails/${id}`)).json()).toEqual([]);
    expect((await get(`/api/product/stockdetalhe/${id}`)).json().variants).toEqual([]);
    expect((await get(`/api/product/stock/${id}`)).json()).toEqual({ totalStock: 0 });
  });

  it("deletes a variant (404 when missing) but not one holding reserved units", async () => {
    const res = await createVariant({ product_id: productId, color_id: blue, size_id: sizeM, stock: 5 });
    const id = res.json().variant.id;
    const ok = await call("DELETE", `/api/product/variant/${id}`, { headers: admin });
    expect(ok.json()).toEqual({ success: true, message: "Variante eliminada com sucesso!" });
    const again = await call("DELETE", `/api/product/variant/${id}`, { headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.variantNotFound);
    expect((await call("DELETE", "/api/product/variant/abc", { headers: admin })).json().message).toBe(
      M.invalidVariantId,
    );

    const held = await createVariant({ product_id: productId, color_id: blue, size_id: sizeM, stock: 5 });
    await t.db.update(variants).set({ reserved: 2 }).where(eq(variants.id, held.json().variant.id));
    const refused = await call("DELETE", `/api/product/variant/${held.json().variant.id}`, { headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.variantReserved);
  });
});

// ---------- models ----------

describe("models (artigo) and related products", () => {
  it("lists each in-shop model once, named after its first product; related excludes the product itself", async () => {
    const a = await createProduct({ modelo_id: "901", name: "Modelo A1" });
    const b = await createProduct({ modelo_id: "901", name: "Modelo A2" });
    const c = await createProduct({ modelo_id: "902", name: "Modelo B escondido", status: "0" });
    const models = (await get("/api/product/artigo")).json() as Array<{ id: number; name: string }>;
    expect(models.filter((m) => m.id === 901)).toEqual([{ id: 901, name: "Modelo A1" }]);
    expect(models.find((m) => m.id === 902)).toBeUndefined();
    expect(models.map((m) => m.id)).toEqual([...models.map((m) => m.id)].sort((x, y) => x - y));
    const related = (await get(`/api/product/related/${a}`)).json() as Array<{ id: number; name: string }>;
    expect(related.map((p) => p.id)).toEqual([b]);
    expect(related[0]).toMatchObject({ name: "Modelo A2", price: 12.5, modelo_id: 901 });
    expect((await get(`/api/product/related/${c}`, admin)).json()).toEqual([]);
  });
});

// ---------- update ----------

describe("PUT /api/product/updateproductstock/:id", () => {
  it("updates the data and appends new pictures after the existing ones", async () => {
    const id = await createProduct({ sizes: "S" });
    const [firstImage] = await t.db.select().from(productImages).where(eq(productImages.productId, id));
    const res = await call("PUT", `/api/product/updateproductstock/${id}`, {
      headers: admin,
      payload: form({
        fields: {
          name: "Novo nome",
          description: "Nova descrição",
          price: "19.99",
          categoria: "Agendas",
          sizes: "M,L",
          status: "0",
          modelo_id: "12",
        },
        files: [{ data: await image({ r: 1, g: 2, b: 3 }) }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Produto atualizado com sucesso!", id });
    const product = (await get(`/api/product/${id}`, admin)).json();
    expect(product).toMatchObject({
      name: "Novo nome",
      description: "Nova descrição",
      price: 19.99,
      price_cents: 1999,
      categoria: "Agendas",
      sizes: "M,L",
      status: 0,
      modelo_id: 12,
    });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toBe(firstImage!.fileName);
  });

  it("keeps what is not sent and needs no new picture", async () => {
    const id = await createProduct({ sizes: "S,M", modelo_id: "55" });
    const res = await call("PUT", `/api/product/updateproductstock/${id}`, {
      headers: admin,
      payload: form({ fields: { name: "Só nome", description: "D", price: "1" } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/product/${id}`)).json()).toMatchObject({
      name: "Só nome",
      sizes: "S,M",
      modelo_id: 55,
      status: 1,
      categoria_id: categoryId,
      price_cents: 100,
    });
  });

  it("refuses bad input without changing anything", async () => {
    const id = await createProduct({ name: "Intacto" });
    const before = await countAll();
    const cases: Array<[FormInput, number, string]> = [
      [{ fields: { description: "D", price: "1" } }, 400, M.required],
      [{ fields: { name: "N", description: "D", price: "-2" } }, 400, M.priceNegative],
      [
        { fields: { name: "N", description: "D", price: "2" }, files: [{ data: Buffer.from("GIF89a não") }] },
        400,
        "O ficheiro enviado não é uma imagem válida.",
      ],
      [{ fields: { name: "N", description: "D", price: "2", categoria: "888888" } }, 400, M.categoryNotFound],
    ];
    for (const [input, status, message] of cases) {
      const res = await call("PUT", `/api/product/updateproductstock/${id}`, { headers: admin, payload: form(input) });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // The failed update with a category also stored no picture.
    const withPicture = await call("PUT", `/api/product/updateproductstock/${id}`, {
      headers: admin,
      payload: form({
        fields: { name: "N", description: "D", price: "2", categoria: "888888" },
        files: [{ data: await image() }],
      }),
    });
    expect(withPicture.statusCode).toBe(400);
    expect(await countAll()).toEqual(before);
    expect((await get(`/api/product/${id}`)).json().name).toBe("Intacto");
    const unknown = await call("PUT", "/api/product/updateproductstock/2147483647", {
      headers: admin,
      payload: form({ fields: { name: "N", description: "D", price: "2" } }),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

// ---------- deletion ----------

describe("DELETE /api/product/:id", () => {
  it("deletes an unsold product with its pictures on disk", async () => {
    const id = await createProduct({}, 2);
    const imgs = await t.db.select().from(productImages).where(eq(productImages.productId, id));
    const res = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Produto eliminado com sucesso!" });
    expect(await t.db.$count(products, eq(products.id, id))).toBe(0);
    for (const img of imgs) expect(files().some((f) => f.startsWith(img.fileName.replace(/\.\w+$/, "")))).toBe(false);
    const again = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, error: "Produto não encontrado ou já foi eliminado" });
  });

  it("hides a sold product instead, keeping the order line", async () => {
    const id = await createProduct({ name: "Vendido" });
    const [color] = await t.db.insert(colors).values({ name: "Preto vendido" }).returning();
    const [variant] = await t.db.insert(variants).values({ productId: id, colorId: color!.id, stock: 3 }).returning();
    const buyer = await createUser(t.db, "cliente");
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: buyer.id,
        paymentMethod: "mb",
        subtotalCents: 1250,
        shippingCents: 350,
        totalCents: 1600,
        shippingZone: "continente",
        deliveryName: "Ana",
        deliveryAddress: "Rua A, 1",
        deliveryPostalCode: "1000-001",
        deliveryCity: "Lisboa",
        deliveryPhone: "912345678",
      })
      .returning();
    const [line] = await t.db
      .insert(orderLines)
      .values({
        orderId: order!.id,
        productId: id,
        variantId: variant!.id,
        productName: "Vendido",
        unitPriceCents: 1250,
        quantity: 1,
      })
      .returning();
    const imageCount = await t.db.$count(productImages, eq(productImages.productId, id));
    const filesBefore = files().length;

    const res = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Produto eliminado com sucesso!" });

    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.status).toBe(0);
    const [kept] = await t.db.select().from(orderLines).where(eq(orderLines.id, line!.id));
    expect(kept).toMatchObject({ productId: id, variantId: variant!.id, productName: "Vendido" });
    expect(await t.db.$count(productImages, eq(productImages.productId, id))).toBe(imageCount);
    expect(files().length).toBe(filesBefore);

    expect((await get(`/api/product/${id}`, admin)).statusCode).toBe(404);
    const adminAll = (await get("/api/product/all", admin)).json() as Array<{ id: number }>;
    expect(adminAll.map((p) => p.id)).not.toContain(id);
    expect((await call("PUT", `/api/product/status/${id}`, { headers: admin })).statusCode).toBe(404);
    const again = await call("DELETE", `/api/product/${id}`, { headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("Produto não encontrado ou já foi eliminado");
  });
});

// ---------- banners ----------

describe("banners", () => {
  const createBanner = async (titulo: string, data?: Buffer) =>
    call("POST", "/api/product/create_banner", {
      headers: admin,
      payload: form({
        fields: { titulo, slogam: `Slogan de ${titulo}` },
        files: data ? [{ field: "imagem", data }] : [],
      }),
    });
  const activeIds = async () =>
    (await t.db.select({ id: banners.id }).from(banners).where(eq(banners.isActive, true))).map((b) => b.id);

  it("gives [] from getbanner while there is no banner", async () => {
    expect((await get("/api/product/getbanner")).json()).toEqual([]);
    expect((await get("/api/product/banners")).json()).toEqual([]);
  });

  it("refuses a banner without picture or text, writing nothing", async () => {
    const before = { banners: await t.db.$count(banners), files: files().length };
    const noImage = await createBanner("Sem imagem");
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe("Você precisa adicionar uma imagem!");
    const noTitle = await call("POST", "/api/product/create_banner", {
      headers: admin,
      payload: form({ fields: { slogam: "S" }, files: [{ field: "imagem", data: await image() }] }),
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(M.required);
    const fake = await createBanner("Falso", Buffer.from("%PDF-1.4 não é imagem"));
    expect(fake.statusCode).toBe(400);
    const two = await call("POST", "/api/product/create_banner", {
      headers: admin,
      payload: form({
        fields: { titulo: "T", slogam: "S" },
        files: [
          { field: "imagem", data: await image() },
          { field: "imagem", data: await image() },
        ],
      }),
    });
    expect(two.statusCode).toBe(413);
    expect(two.json().message).toBe("Só pode enviar uma imagem.");
    expect({ banners: await t.db.$count(banners), files: files().length }).toEqual(before);
  });

  it("makes the first banner active, keeps exactly one active on activation and deletion", async () => {
    const first = await createBanner("Primavera", await image({ r: 10, g: 200, b: 10 }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: "Banner criado com sucesso!", is_active: true });
    const second = await createBanner("Verão", await image());
    const third = await createBanner("Outono", await image());
    expect(second.json().is_active).toBe(false);
    const [id1, id2, id3] = [first.json().id, second.json().id, third.json().id];
    expect(await activeIds()).toEqual([id1]);

    const banner = (await get("/api/product/getbanner")).json();
    expect(banner).toEqual([
      {
        idimg_banner: id1,
        titulo: "Primavera",
        slogam: "Slogan de Primavera",
        imagem: expect.stringMatching(/\.(jpg|webp)$/),
      },
    ]);
    const list = (await get("/api/product/banners")).json();
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({
      idimg_banner: id3,
      titulo: "Outono",
      slogam: "Slogan de Outono",
      imagem: expect.any(String),
      is_active: false,
      created_at: expect.any(String),
    });

    const activate = await call("POST", "/api/product/update", { headers: admin, payload: { id: id2 } });
    expect(activate.json()).toEqual({ success: true, message: "Banner ativado com sucesso!" });
    expect(await activeIds()).toEqual([id2]);
    expect((await get("/api/product/getbanner")).json()[0].idimg_banner).toBe(id2);

    // Concurrent activations still leave exactly one active banner.
    const results = await Promise.all(
      [id1, id3, id2, id1, id3].map((id) => call("POST", "/api/product/update", { headers: admin, payload: { id } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await activeIds()).toHaveLength(1);

    await call("POST", "/api/product/update", { headers: admin, payload: { id: String(id1) } });
    expect(await activeIds()).toEqual([id1]);
    const [row1] = await t.db.select().from(banners).where(eq(banners.id, id1));
    const del = await call("DELETE", `/api/product/deleteBanner/${id1}`, { headers: admin });
    expect(del.json()).toEqual({ success: true, message: "Banner eliminado com sucesso!" });
    expect(await activeIds()).toEqual([id3]); // the most recent remaining one
    expect(files()).not.toContain(row1!.imagem);

    await call("DELETE", `/api/product/deleteBanner/${id2}`, { headers: admin });
    expect(await activeIds()).toEqual([id3]);
    await call("DELETE", `/api/product/deleteBanner/${id3}`, { headers: admin });
    expect((await get("/api/product/getbanner")).json()).toEqual([]);
  });

  it("answers 404 or 400 to unknown or malformed banner ids", async () => {
    const missing = await call("POST", "/api/product/update", { headers: admin, payload: { id: 2147483647 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.bannerNotFound);
    for (const payload of [{ id: "abc" }, { id: -1 }, {}, { id: null }, { id: [1] }]) {
      const bad = await call("POST", "/api/product/update", { headers: admin, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toBe(M.invalidBannerId);
    }
    expect((await call("DELETE", "/api/product/deleteBanner/2147483647", { headers: admin })).statusCode).toBe(404);
    expect((await call("DELETE", "/api/product/deleteBanner/x", { headers: admin })).json().message).toBe(
      M.invalidBannerId,
    );
  });
});

// ---------- robustness ----------

describe("bad input never gives a 5xx", () => {
  const nasty: unknown[] = [
    null,
    [],
    [1, 2],
    "texto",
    42,
    { id: { $gt: 0 } },
    { product_id: "1; DROP TABLE variants", color_id: "1 OR 1=1", stock: "1" },
    { cor: "<script>alert(1)</script>".repeat(1000) },
    { tamanho: { nested: true } },
    { tamanho: "M", cor: ["a"] },
    { __proto__: { admin: true }, id: 1 },
    { id: Number.MAX_SAFE_INTEGER },
    { id: 1e308 },
    { stock: "9".repeat(5000), product_id: 1, color_id: 1 },
  ];
  const jsonCalls: Array<[Method, string]> = [
    ["POST", "/api/product/update"],
    ["POST", "/api/product/createVariants"],
    ["POST", "/api/product/create_color"],
    ["POST", "/api/product/create_size"],
    ["POST", "/api/product/categoria"],
  ];

  it("on the JSON calls", async () => {
    for (const [method, url] of jsonCalls) {
      for (const payload of nasty) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...admin, "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)?.slice(0, 60)} -> ${res.body}`).toBeLessThan(500);
        expect(res.json().message).toBeTruthy();
      }
      const empty = await call(method, url, { headers: admin });
      expect(empty.statusCode, `${url} without body`).toBeLessThan(500);
      const garbage = await t.app.inject({
        method,
        url,
        headers: { ...admin, "content-type": "application/json" },
        payload: "{nope",
      });
      expect(garbage.statusCode).toBe(400);
    }
  });

  it("on the multipart and id calls", async () => {
    const id = await createProduct();
    const urls: Array<[Method, string]> = [
      ["POST", "/api/product/create"],
      ["PUT", `/api/product/updateproductstock/${id}`],
      ["POST", "/api/product/create_banner"],
    ];
    const bodies: Array<Record<string, string> | string> = [
      "",
      "texto simples",
      { name: "'; --", description: "<b>", price: "1; drop table", categoria: "1 OR 1=1" },
      { name: "x".repeat(90_000), description: "d", price: "1", categoria: "c" },
      { titulo: "\u0000\uFFFF", slogam: "🙂" },
    ];
    for (const [method, url] of urls) {
      for (const body of bodies) {
        const res =
          typeof body === "string"
            ? await t.app.inject({ method, url, headers: { ...admin, "content-type": "text/plain" }, payload: body })
            : await call(method, url, { headers: admin, payload: form({ fields: body }) });
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999", "1%27%20OR%201%3D1"]) {
      for (const [method, url] of [
        ["PUT", `/api/product/status/${bad}`],
        ["PUT", `/api/product/editstatus/${bad}`],
        ["DELETE", `/api/product/${bad}`],
        ["DELETE", `/api/product/variant/${bad}`],
        ["DELETE", `/api/product/deleteBanner/${bad}`],
      ] as Array<[Method, string]>) {
        const res = await call(method, url, { headers: admin });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      }
    }
  });

  it("keeps admin calls closed to visitors and clientes", async () => {
    const payload = form({
      fields: { name: "N", description: "D", price: "1", categoria: "c" },
      files: [{ data: await image() }],
    });
    const before = await t.db.$count(products);
    expect((await call("POST", "/api/product/create", { payload })).statusCode).toBe(401);
    expect(
      (await call("POST", "/api/product/create", { headers: cliente, payload: form({ fields: { name: "N" } }) }))
        .statusCode,
    ).toBe(403);
    expect(await t.db.$count(products)).toBe(before);
  });
});
