// A scripted Spotify for unit tests: an injectable fetch that records every request and answers from a handler.
import type { FetchLike } from "../../../src/server/spotify/http.ts";
import type { SavedTrack, Track } from "../../../src/server/spotify/types.ts";

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
  json: unknown;
}

export type Handler = (req: RecordedRequest) => Response | Promise<Response>;

export function recordingFetch(handler: Handler): { fetch: FetchLike; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const body = typeof init.body === "string" ? init.body : undefined;
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    const req: RecordedRequest = {
      method: init.method ?? "GET",
      url: new URL(input),
      headers: new Headers(init.headers),
      body,
      json,
    };
    requests.push(req);
    return handler(req);
  };
  return { fetch, requests };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

export const apiError = (status: number, message = "error") => json({ error: { status, message } }, status);

export const API = "https://api.test/v1";
export const ACCOUNTS = "https://accounts.test";

export function track(id: string): Track {
  return {
    id,
    name: `Song ${id}`,
    uri: `spotify:track:${id}`,
    type: "track",
    duration_ms: 200_000,
    album: {
      id: `al${id}`,
      name: "Album",
      release_date: "1999-05",
      release_date_precision: "month",
      artists: [{ id: `ar${id}`, name: "Artist" }],
    },
    artists: [{ id: `ar${id}`, name: "Artist" }],
  };
}

/** `count` likes, newest first: t0 is the newest. */
export function library(count: number): SavedTrack[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    added_at: new Date(start - i * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
    track: track(`t${i}`),
  }));
}

/** A `GET /me/tracks` page of the library for the request's limit/offset, as Spotify pages. */
export function likesPage(likes: SavedTrack[], url: URL): Response {
  const limit = Number(url.searchParams.get("limit") ?? 20);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  if (limit > 50) return apiError(400, "Invalid limit");
  const items = likes.slice(offset, offset + limit);
  const next =
    offset + limit < likes.length ? `${API}/me/tracks?offset=${offset + limit}&limit=${limit}` : null;
  return json({
    href: url.toString(),
    items,
    limit,
    next,
    offset,
    previous: offset > 0 ? `${API}/me/tracks?offset=${Math.max(0, offset - limit)}&limit=${limit}` : null,
    total: likes.length,
  });
}

/** Sleep that returns at once but moves a fake clock, so waits are observable without waiting. */
export function fakeTime() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}
