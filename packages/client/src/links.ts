/** RFC 8288 Link headers, as the paged lists send them: `<url>; rel="next", <url>; rel="last"`. */
export function linkTarget(header: string | null, rel: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!m) continue;
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2]!)?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(rel)) return m[1];
  }
  return undefined;
}

export function totalCount(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}
