import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { form, image } from "#tests/support/factories.ts";
import { type AuthHeaders } from "#tests/support/http.ts";
import { productImages, products } from "./schema.ts";
import { CATALOG_MESSAGES as M } from "./schemas.ts";
import { NO_SAFETY } from "./safety/rules.ts";

/** Creating products: POST /api/product/create (pictures, prices, categories, refusals). */

const { app, call, get, files, createProduct, countAll } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
let categoryId: number;
beforeAll(() => {
  ({ t, admin, categoryId } = app);
});

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
      // No 'Taxa de IVA' sent: the settings' default category.
      vat_category: "normal",
      vat_exemption_code: null,
      // No safety information sent: none of its own (the product page shows the shop's identity).
      seguranca: NO_SAFETY,
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
