/*
 * CSV as Portuguese Excel opens it with a double click: UTF-8 with a byte order mark (else accents break),
 * ';' between cells (pt-PT's list separator, since ',' is the decimal mark), amounts with a decimal comma,
 * CRLF line ends. A cell with ';', '"' or a line break is quoted, its quotes doubled. A text cell that a
 * spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return: CSV injection)
 * gets a leading apostrophe, so it is shown as text and never run.
 */

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell from outside (names, e-mails): neutralised, then quoted when needed. */
export function textCell(value: string): string {
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

/** A cell the shop writes itself (numbers, dates, labels): only quoted when needed. */
export function quoted(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** 1250 → "12,50" (integer cents, so no floating point on the way). */
export function euroCell(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A payment reference in groups of three digits ("123 456 789", as receipts print it): Excel keeps it as
 * text, so no leading zero is lost and a 13-digit Payshop reference is not shown as 1,23E+12. Other text
 * (an MB WAY request id) as it is.
 */
export function referenceCell(reference: string | null): string {
  if (!reference) return "";
  return /^\d+$/.test(reference) ? reference.replace(/(\d{3})(?=\d)/g, "$1 ") : textCell(reference);
}

export const csvLine = (cells: string[]): string => cells.join(CSV_SEPARATOR) + CSV_LINE_END;
