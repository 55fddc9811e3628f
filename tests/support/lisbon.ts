/**
 * "24 de novembro de 2026, às 14:07": an instant in Lisbon, as the shop's e-mails write a request's date and time,
 * formatted here on its own so a test compares the mail with a second reading of the stored instant.
 */
export function lisbonText(at: Date): string {
  const parts = new Intl.DateTimeFormat("pt-PT", {
    timeZone: "Europe/Lisbon",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("day")} de ${get("month")} de ${get("year")}, às ${get("hour")}:${get("minute")}`;
}
