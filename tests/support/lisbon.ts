/**
 * The parts (day, month, year, hour, minute) of an instant in Lisbon, read through Intl in `locale`, not through the
 * shop's own formatter: a test compares what the shop wrote with this second reading of the stored instant.
 */
export function lisbonParts(
  at: Date,
  locale: string,
  date: { day: "numeric" | "2-digit"; month: "long" | "2-digit" },
): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: "Europe/Lisbon",
    ...date,
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  return (type) => parts.find((p) => p.type === type)!.value;
}

/**
 * "24 de novembro de 2026, às 14:07": an instant in Lisbon, as the shop's e-mails write a request's date and time,
 * formatted here on its own so a test compares the mail with a second reading of the stored instant.
 */
export function lisbonText(at: Date): string {
  const get = lisbonParts(at, "pt-PT", { day: "numeric", month: "long" });
  return `${get("day")} de ${get("month")} de ${get("year")}, às ${get("hour")}:${get("minute")}`;
}
