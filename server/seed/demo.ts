import type { Database } from "../db/client.ts";

// Placeholder until the demo catalogue lands.
export async function seedDemoCatalog(_db: Database, _dataDir: string): Promise<boolean> {
  return false;
}
