import { eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "#server/core/db/client.ts";
import { shopSettings } from "./schema.ts";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import { defaultSettings, shopSettingsSchema, type ShopSettings } from "./schemas.ts";

/*
 * The shop's settings, read on every use (footer, legal pages, e-mails, checkout's delivery prices, IVA) and
 * applied without a restart: each instance keeps one parsed copy and drops it when PostgreSQL notifies
 * `loja_settings` (trigger of migration 0005) or after MAX_AGE_MS should a notification be lost.
 */

export const SETTINGS_CHANNEL = "loja_settings";
const MAX_AGE_MS = 30_000;

type Shipping = Parameters<typeof defaultSettings>[0];

/** Stored JSON over the defaults, section by section (a section saved before a field existed keeps the default). */
function merge(stored: unknown, defaults: ShopSettings): ShopSettings {
  const s = (stored ?? {}) as Partial<Record<keyof ShopSettings, object>>;
  const candidate = {
    identity: { ...defaults.identity, ...s.identity },
    delivery: { ...defaults.delivery, ...s.delivery },
    vat: { ...defaults.vat, ...s.vat },
  };
  const parsed = shopSettingsSchema.safeParse(candidate);
  // A stored value that no longer validates (a rule tightened later) falls back to the defaults, never to a 500.
  return parsed.success ? parsed.data : defaults;
}

export function createSettingsService(deps: { db: Database; shipping: Shipping }) {
  const { db } = deps;
  const defaults = defaultSettings(deps.shipping);
  let cached: { value: ShopSettings; at: number } | undefined;
  // Its own connection (like the catalogue cache's), so LISTEN never holds one of the pool's.
  let listener: pg.Client | undefined;
  let listening = false;
  let closed = false;

  function drop(): void {
    listening = false;
    cached = undefined;
    const client = listener;
    listener = undefined;
    client?.removeAllListeners();
    client?.on("error", () => {});
    void client?.end().catch(() => {});
  }

  async function listen(): Promise<void> {
    if (closed || listener) return;
    const client = new pg.Client(db.$client.options);
    listener = client;
    client.on("error", drop);
    client.on("end", () => listener === client && drop());
    client.on("notification", () => (cached = undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${SETTINGS_CHANNEL}`);
      if (listener !== client) return;
      cached = undefined; // anything read before LISTEN took effect may have missed a change
      listening = true;
    } catch {
      if (listener === client) drop(); // read through the database; the next get() tries again
    }
  }

  async function get(): Promise<ShopSettings> {
    if (!listener && !closed) void listen();
    if (cached && listening && Date.now() - cached.at < MAX_AGE_MS) return cached.value;
    const [row] = await db.select({ data: shopSettings.data }).from(shopSettings).where(eq(shopSettings.id, 1));
    const value = merge(row?.data, defaults);
    cached = { value, at: Date.now() };
    return value;
  }

  return {
    get,
    defaults,

    /** Saves the whole settings (validated by the caller's route with shopSettingsSchema) and applies them at once. */
    async update(actor: PublicUser, settings: ShopSettings): Promise<ShopSettings> {
      await db
        .insert(shopSettings)
        .values({ id: 1, data: settings, updatedByUserId: actor.id })
        .onConflictDoUpdate({
          target: shopSettings.id,
          set: { data: settings, updatedAt: sql`now()`, updatedByUserId: actor.id },
        });
      cached = undefined;
      return get();
    },

    async close(): Promise<void> {
      closed = true;
      drop();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
