import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import { defaultSettings, shopSettingsSchema, vatRateBp } from "./schemas.ts";
import { createSettingsService } from "./service.ts";

const shipping = { mainlandCents: 499, islandsCents: 999, fastCents: 300 };
const admin = { id: 1, name: "Admin", email: "admin@loja.test", function: "admin" } as never;

describe("shop settings", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.$client.query(
      "insert into users (id, name, email, password_hash, function) values (1, 'Admin', 'admin@loja.test', 'x', 'admin')",
    );
  });
  afterAll(() => database.drop());

  it("start from the defaults, with delivery prices from the environment", async () => {
    const settings = createSettingsService({ db: database.db, shipping });
    const read = await settings.get();
    expect(read).toEqual(defaultSettings(shipping));
    expect(read.delivery.mainlandCents).toBe(499);
    expect(shopSettingsSchema.parse(read)).toEqual(read);
    await settings.close();
  });

  it("a change saved by one instance is read by another without a restart (NOTIFY)", async () => {
    const first = createSettingsService({ db: database.db, shipping });
    const second = createSettingsService({ db: database.db, shipping });
    // The second instance reads (and caches) the current settings first.
    expect((await second.get()).identity.legalName).toBe("Loja, Lda.");
    const changed = structuredClone(await first.get());
    changed.identity.legalName = "Sabonetes do Norte, Unipessoal Lda.";
    changed.delivery.mainlandCents = 650;
    await first.update(admin, changed);
    await vi.waitFor(async () => {
      const seen = await second.get();
      expect(seen.identity.legalName).toBe("Sabonetes do Norte, Unipessoal Lda.");
      expect(seen.delivery.mainlandCents).toBe(650);
    });
    const [row] = (await database.db.$client.query("select data, updated_by_user_id from shop_settings")).rows;
    expect(row.data.identity.legalName).toBe("Sabonetes do Norte, Unipessoal Lda.");
    expect(row.updated_by_user_id).toBe(1);
    await Promise.all([first.close(), second.close()]);
  });

  it("a stored section missing a newer field keeps that field's default", async () => {
    await database.db.$client.query(
      `update shop_settings set data = jsonb_set(data, '{delivery}', '{"mainlandCents": 700, "islandsCents": 1200, "fastCents": 350}')`,
    );
    const settings = createSettingsService({ db: database.db, shipping });
    const read = await settings.get();
    expect(read.delivery).toEqual({
      mainlandCents: 700,
      islandsCents: 1200,
      fastCents: 350,
      freeDeliveryThresholdCents: null,
    });
    await settings.close();
  });

  it("IVA rates per region and category; exempt is zero", () => {
    const s = defaultSettings(shipping);
    expect(vatRateBp(s, "continente", "normal")).toBe(2300);
    expect(vatRateBp(s, "madeira", "intermedia")).toBe(1200);
    expect(vatRateBp(s, "acores", "reduzida")).toBe(400);
    expect(vatRateBp(s, "acores", "isenta")).toBe(0);
  });
});
