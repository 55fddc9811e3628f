/** True when If-None-Match names this ETag (weak comparison) or is "*". */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return [header]
    .flat()
    .flatMap((h) => h.split(","))
    .some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
