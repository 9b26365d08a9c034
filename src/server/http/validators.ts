// The one place Crate's answers get their validators and caching rule: an ETag made from the body, a 304 when the
// client's If-None-Match names it, Cache-Control for /api. The response policy (serve.ts) gives every read of the
// API — REST and tRPC alike — and the static assets their validators; the domain returns plain values.

/** Headers of a 304: the validators and caching rules of the answer it stands for (RFC 9110 15.4.5). */
const KEPT_ON_304 = ["cache-control", "etag", "vary", "content-location", "expires"];

/**
 * The caching rule of an /api answer: a read's 200 — or its 304 — may be kept and revalidated by its ETag,
 * everything else is never stored.
 */
export function apiCacheControl(read: boolean, status: number): string {
  return read && (status === 200 || status === 304) ? "private, no-cache" : "no-store";
}

/** A weak validator from the body (the same for every encoding of it, hence weak). */
export function etagOf(body: Uint8Array | string): string {
  return `W/"${Bun.hash(body).toString(36)}"`;
}

/** If-None-Match against our validator, weak comparison (RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** The 304 standing for an answer with these headers. */
export function notModified(headers: Headers): Response {
  const kept = new Headers();
  for (const name of KEPT_ON_304) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}
