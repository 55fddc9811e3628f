import { describe, expect, it } from "vitest";
import { formatDate, formatIsoDay, formatLongDateTime } from "#server/core/time.ts";

describe("Lisbon calendar days and the e-mails' date and time (server/core/time.ts)", () => {
  // 23:30 UTC on 31 March 2026 is already 1 April in Lisbon (summer time, UTC+1); on 24 November Lisbon is on UTC.
  const summerNight = new Date("2026-03-31T23:30:00Z");
  const winter = new Date("2026-11-24T14:07:00Z");

  it("writes the Lisbon day, not the UTC one", () => {
    expect(formatDate(summerNight)).toBe("01/04/2026");
    expect(formatIsoDay(summerNight)).toBe("2026-04-01");
    expect(formatDate(winter)).toBe("24/11/2026");
    expect(formatIsoDay(winter)).toBe("2026-11-24");
  });

  it("says when, in words, as the withdrawal and contact e-mails do", () => {
    expect(formatLongDateTime(winter)).toBe("24 de novembro de 2026, às 14:07");
    expect(formatLongDateTime(summerNight)).toBe("1 de abril de 2026, às 00:30");
  });
});
