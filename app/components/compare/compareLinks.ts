/** '/compare?id=a&id=b': the comparison is a plain URL, shareable and server-rendered. */
export function compareHref(ids: readonly string[]): string {
  const params = new URLSearchParams();
  for (const id of ids) params.append("id", id);
  return `/compare${ids.length ? `?${params}` : ""}`;
}
