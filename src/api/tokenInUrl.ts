/**
 * Spec 5.1: the token is never placed in a URL. A call whose path or query would carry it (a caller passing
 * the token as an id or a search text by mistake) is refused before anything is sent, whatever the encoding.
 */

/** Whether the URL carries the token: as written, or once its path segments and query are decoded. */
export function tokenInUrl(url: URL, token: string): boolean {
  if (!token) return false;
  const texts = [url.href, ...url.pathname.split('/').map(decoded)];
  for (const [name, value] of url.searchParams) texts.push(name, value);
  return texts.some((text) => text.includes(token));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
