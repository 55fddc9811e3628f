/**
 * The shop's clock: every date is read and shown in Lisbon time, whatever the server's or the browser's own
 * time zone. Gateway dates are Portuguese wall-clock times without an offset ("28-10-2021 10:55:21",
 * "20251231", "31-12-2025"): these helpers convert between them and instants. The display formatters at the
 * end give the pages and the e-mails the same text on the server and in the browser (no hydration mismatch).
 * Pure (no node: imports): browser code may import this module.
 */
export const SHOP_TIME_ZONE = "Europe/Lisbon";

// Built on first use: a page that never reads a date does not pay for it while it hydrates.
let partsFormat: Intl.DateTimeFormat | undefined;
const lisbonFormat = () =>
  (partsFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: SHOP_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }));

export interface LisbonParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function lisbonParts(date: Date): LisbonParts {
  const out: Record<string, number> = {};
  for (const part of lisbonFormat().formatToParts(date)) {
    if (part.type !== "literal") out[part.type] = Number(part.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 0,
    day: out.day ?? 0,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** Lisbon's offset from UTC in ms at an instant (0 in winter, 3 600 000 in summer). */
function offsetAt(instant: number): number {
  const seconds = Math.floor(instant / 1000) * 1000;
  const p = lisbonParts(new Date(seconds));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - seconds;
}

/** The instant at which Lisbon's clocks show this wall-clock time (month 1–12). */
export function lisbonTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = offsetAt(guess);
  const candidate = guess - first;
  const second_ = offsetAt(candidate);
  return new Date(second_ === first ? candidate : guess - second_);
}

/** 23:59:59 Lisbon time, `plusDays` calendar days after the Lisbon date of `date`. */
export function endOfLisbonDay(date: Date, plusDays = 0): Date {
  const p = lisbonParts(date);
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day + plusDays));
  return lisbonTime(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 23, 59, 59);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "YYYYMMDD" of the Lisbon date (Payshop validade, spec's validity format). */
export function formatYmd(date: Date): string {
  const p = lisbonParts(date);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}`;
}

/** "dd-MM-yyyy HH:mm:ss" in Lisbon time (ifthenpay payments/read, callback payment_datetime). */
export function formatDmyHms(date: Date): string {
  const p = lisbonParts(date);
  return `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** "dd-MM-yyyy" in Lisbon time. */
export function formatDmy(date: Date): string {
  return formatDmyHms(date).slice(0, 10);
}

/** "24/11/2026": the Lisbon calendar day as pt-PT writes it (a refund's date, InvoiceXpress's document date). */
export function formatDate(date: Date): string {
  const p = lisbonParts(date);
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`;
}

/** "2026-11-24": the Lisbon calendar day, ISO 8601 (Vendus's document date). */
export function formatIsoDay(date: Date): string {
  const p = lisbonParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

function validDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A gateway date-time in Lisbon time: "28-10-2021 10:55:21", "28/10/2021 10:55",
 * "2021-10-28 10:55:21" or "2021-10-28T10:55:21". Undefined when it is none of these.
 */
export function parseGatewayDateTime(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const s = text.trim();
  let m = /^(\d{2})[-/](\d{2})[-/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  let parts: number[] | undefined;
  if (m) parts = [Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  m = parts ? null : /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (m) parts = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (!parts) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  if (!validDate(year, month, day, hour, minute, second)) return undefined;
  return lisbonTime(year, month, day, hour, minute, second);
}

/** End (23:59:59 Lisbon) of a "dd-mm-yyyy" or "YYYYMMDD" date; undefined when invalid. */
export function parseGatewayDateEndOfDay(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const s = text.trim();
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s);
  const compact = dmy ? null : /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  const ymd = dmy ? [dmy[3], dmy[2], dmy[1]] : compact ? [compact[1], compact[2], compact[3]] : undefined;
  if (!ymd) return undefined;
  const [year = 0, month = 0, day = 0] = ymd.map(Number);
  if (!validDate(year, month, day)) return undefined;
  return lisbonTime(year, month, day, 23, 59, 59);
}

const asDate = (at: Date | string) => (typeof at === "string" ? new Date(at) : at);

/** "03/05/2025, 14:07:09": date and time in pt-PT, Lisbon time (the admin's tables). */
export function formatDateTime(at: Date): string {
  return at.toLocaleString("pt-PT", { timeZone: SHOP_TIME_ZONE });
}

/** "3 de maio de 2025": the Lisbon calendar day in words. */
export function formatLongDate(at: Date | string): string {
  return asDate(at).toLocaleDateString("pt-PT", {
    timeZone: SHOP_TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

/** "14:07": hours and minutes, Lisbon time. */
export function formatHourMinute(at: Date | string): string {
  return asDate(at).toLocaleTimeString("pt-PT", { timeZone: SHOP_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
}

/** "24 de novembro de 2026, às 14:07": when something happened, in the e-mails' words (Lisbon time). */
export function formatLongDateTime(at: Date | string): string {
  return `${formatLongDate(at)}, às ${formatHourMinute(at)}`;
}
