/** Payment reference in groups of three digits: "999012373" -> "999 012 373". */
export function formatReference(reference: string | null | undefined): string {
  const digits = (reference ?? "").replace(/\s+/g, "");
  if (!digits) return "—";
  return digits.replace(/(.{3})(?=.)/g, "$1 ");
}

/** Validity YYYYMMDD (or YYYY-MM-DD) shown as DD-MM-YYYY; anything else is shown as is. */
export function formatValidade(validade: string | null | undefined): string {
  const value = (validade ?? "").trim();
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value);
  if (!match) return value || "—";
  return `${match[3]}-${match[2]}-${match[1]}`;
}
