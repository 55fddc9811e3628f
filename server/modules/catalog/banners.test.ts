import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogApp } from "#tests/support/catalog-app.ts";
import type { TestApp } from "#tests/support/db.ts";
import { form, image } from "#tests/support/factories.ts";
import { type AuthHeaders } from "#tests/support/http.ts";
import { banners } from "./schema.ts";
import { CATALOG_MESSAGES as M } from "./schemas.ts";

/** Banners: creation, the one active banner, unknown ids. */

const { app, call, get, files } = useCatalogApp();
let t: TestApp;
let admin: AuthHeaders;
beforeAll(() => {
  ({ t, admin } = app);
});

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
