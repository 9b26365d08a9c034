// The one place Crate's answers get their validators and caching rule: an ETag made from the body, a 304 when the
// client's If-None-Match names it, Cache-Control for /api. The response policy (serve.ts), the REST reads (rest/validate.ts) and the static assets
// use these; the domain returns plain values and never sees a validator.
import { httpPolicy } from "../../shared/http.ts";

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

/** A JSON read's answer as text with its validator, made once and served as often as it stays current. */
export interface JsonRead {
  text: string;
  etag: string;
}

export function jsonRead(text: string): JsonRead {
  return { text, etag: etagOf(text) };
}

/** A JSON read with the value it was made from, so a read that comes out the same keeps its text and validator. */
export interface KeptJsonRead extends JsonRead {
  value: unknown;
}

/**
 * The answer for `value`: `previous` again when `value` is the same JSON as the one it was made from (another
 * listener's write, say, made the read be asked again), else newly serialised. Parts shared by both (the
 * catalogue of the preferences) compare by identity, so the check costs what the listener's own part does.
 */
export function keptJsonRead(value: unknown, previous: KeptJsonRead | undefined): KeptJsonRead {
  if (previous && sameJson(previous.value, value)) return previous;
  return { ...jsonRead(JSON.stringify(value)), value };
}

/**
 * Whether two values serialise to the same JSON text. It says no whenever it is unsure (an object with its own
 * toJSON, a NaN): the answer is then only serialised again.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== "number" || Number.isFinite(a);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || "toJSON" in a || "toJSON" in b) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i] as string;
    if (key !== keysB[i]) return false;
    if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** What a JSON read answers: its status, body and headers, for the transport to send as it sends others. */
export type JsonReadAnswer =
  | { status: 200; body: string; headers: Record<string, string> }
  | { status: 304; body: null; headers: Record<string, string> };

/**
 * A 200 with the JSON text and its ETag, or a 304 when `ifNoneMatch` names it. An answer large enough to compress
 * says so by varying on Accept-Encoding (characters, not bytes: a body of more bytes compresses all the more);
 * serve.ts then compresses it without hashing it again.
 */
export function jsonReadAnswer(read: JsonRead, ifNoneMatch: string | null): JsonReadAnswer {
  const headers: Record<string, string> = { ETag: read.etag };
  if (read.text.length > httpPolicy.compressMinBytes) headers.Vary = "Accept-Encoding";
  if (matchesEtag(ifNoneMatch, read.etag)) return { status: 304, body: null, headers };
  return { status: 200, body: read.text, headers: { ...headers, "Content-Type": "application/json" } };
}
