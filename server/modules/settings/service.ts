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

export interface SettingsService {
  /** The settings of now: this instance's copy while it is listening and fresh, else read from the database. */
  get(): Promise<ShopSettings>;
  /** What a shop that never saved its settings gets (delivery prices from the configuration). */
  defaults: ShopSettings;
  /** Saves the whole settings (validated by the caller's route with shopSettingsSchema) and applies them at once. */
  update(actor: PublicUser, settings: ShopSettings): Promise<ShopSettings>;
  /** Ends the LISTEN connection (with the HTTP server). */
  close(): Promise<void>;
}

/** This instance's parsed copy and the connection that LISTENs for changes to it. */
export interface SettingsCopy {
  cached?: { value: ShopSettings; at: number };
  // Its own connection (like the catalogue cache's), so LISTEN never holds one of the pool's.
  listener?: pg.Client;
  listening: boolean;
  closed: boolean;
}

export interface SettingsDeps {
  db: Database;
  defaults: ShopSettings;
  copy: SettingsCopy;
}

export function createSettingsService(deps: { db: Database; shipping: Shipping }): SettingsService {
  const settings: SettingsDeps = {
    db: deps.db,
    defaults: defaultSettings(deps.shipping),
    copy: { listening: false, closed: false },
  };
  return {
    get: () => getSettings(settings),
    defaults: settings.defaults,
    update: (actor, value) => updateSettings(settings, actor, value),
    close: () => closeSettings(settings.copy),
  };
}

export async function getSettings(deps: SettingsDeps): Promise<ShopSettings> {
  const { db, copy } = deps;
  if (!copy.listener && !copy.closed) void listen(db, copy);
  if (copy.cached && copy.listening && Date.now() - copy.cached.at < MAX_AGE_MS) return copy.cached.value;
  const [row] = await db.select({ data: shopSettings.data }).from(shopSettings).where(eq(shopSettings.id, 1));
  const value = merge(row?.data, deps.defaults);
  copy.cached = { value, at: Date.now() };
  return value;
}

export async function updateSettings(
  deps: SettingsDeps,
  actor: PublicUser,
  settings: ShopSettings,
): Promise<ShopSettings> {
  await deps.db
    .insert(shopSettings)
    .values({ id: 1, data: settings, updatedByUserId: actor.id })
    .onConflictDoUpdate({
      target: shopSettings.id,
      set: { data: settings, updatedAt: sql`now()`, updatedByUserId: actor.id },
    });
  deps.copy.cached = undefined;
  return getSettings(deps);
}

export async function closeSettings(copy: SettingsCopy): Promise<void> {
  copy.closed = true;
  drop(copy);
}

function drop(copy: SettingsCopy): void {
  copy.listening = false;
  copy.cached = undefined;
  const client = copy.listener;
  copy.listener = undefined;
  client?.removeAllListeners();
  client?.on("error", () => {});
  void client?.end().catch(() => {});
}

async function listen(db: Database, copy: SettingsCopy): Promise<void> {
  if (copy.closed || copy.listener) return;
  const client = new pg.Client(db.$client.options);
  copy.listener = client;
  client.on("error", () => drop(copy));
  client.on("end", () => copy.listener === client && drop(copy));
  client.on("notification", () => (copy.cached = undefined));
  try {
    await client.connect();
    await client.query(`LISTEN ${SETTINGS_CHANNEL}`);
    if (copy.listener !== client) return;
    copy.cached = undefined; // anything read before LISTEN took effect may have missed a change
    copy.listening = true;
  } catch {
    if (copy.listener === client) drop(copy); // read through the database; the next get() tries again
  }
}
