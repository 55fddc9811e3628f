import { describe, expect, it } from "vitest";
import { formatEuroAmount, formatEuros } from "#server/core/money.ts";
import { formatDateTime, formatHourMinute, formatLongDate, SHOP_TIME_ZONE } from "#server/core/time.ts";

const NBSP = "\u00a0";

describe("the shop's one euro formatter (server/core/money.ts)", () => {
  it("writes cents and euro amounts in pt-PT with the symbol after a no-break space", () => {
    expect(formatEuros(1250)).toBe(`12,50${NBSP}€`);
    expect(formatEuros(5)).toBe(`0,05${NBSP}€`);
    expect(formatEuros(123_456_780)).toBe(`1${NBSP}234${NBSP}567,80${NBSP}€`);
    expect(formatEuros(-1250)).toBe(`-12,50${NBSP}€`);
    expect(formatEuroAmount(22.9)).toBe(`22,90${NBSP}€`);
    expect(formatEuroAmount(Number.NaN)).toBe(`—${NBSP}€`);
  });

  it("gives the text Intl's pt-PT currency format gives (what the e-mails showed before)", () => {
    const intl = new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" });
    for (const cents of [0, 1, 99, 100, 1099, 99_999, 100_000, 1_234_567, 99_999_999]) {
      expect(formatEuros(cents)).toBe(intl.format(cents / 100));
    }
  });
});

describe("the shop's Lisbon dates (server/core/time.ts)", () => {
  // 14:07:09 in Lisbon in summer (UTC+1) and 00:30 on the next Lisbon day in winter (UTC+0).
  const summer = new Date("2025-05-03T13:07:09Z");
  const winterMidnight = new Date("2025-12-31T23:30:00-01:00");

  it("shows instants in Lisbon time, whatever the process's own zone", () => {
    expect(SHOP_TIME_ZONE).toBe("Europe/Lisbon");
    expect(formatDateTime(summer)).toBe("03/05/2025, 14:07:09");
    expect(formatLongDate(summer)).toBe("3 de maio de 2025");
    expect(formatLongDate(winterMidnight)).toBe("1 de janeiro de 2026");
    expect(formatHourMinute(summer)).toBe("14:07");
    expect(formatHourMinute(winterMidnight)).toBe("00:30");
  });
});
