import { describe, expect, it } from "vitest";
import { formatShopDateTime } from "./format.ts";

describe("formatShopDateTime", () => {
  it("shows Lisbon time whatever the process's time zone (summer UTC+1, winter UTC+0)", () => {
    expect(formatShopDateTime("2026-07-01T23:30:00Z")).toBe("02/07/2026, 00:30:00");
    expect(formatShopDateTime("2026-01-15T23:30:00Z")).toBe("15/01/2026, 23:30:00");
  });
  it("gives the fallback for a missing or invalid date", () => {
    expect(formatShopDateTime(null)).toBe("—");
    expect(formatShopDateTime("não é data", "N/A")).toBe("N/A");
  });
});
