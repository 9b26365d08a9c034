// Crate's Spotify client reads the answers Spotify's published contract describes, not only the emulator's:
// every call is answered with the contract's own sample for the operation (openapi-backend builds it from the
// reference's examples and schemas, every documented field present), so a field the emulator happens to leave
// out, or a value it never produces, cannot hide a parsing gap.
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import OpenAPIBackend, { type Document } from "openapi-backend";
import type { SpotifyUserApi } from "../../../src/server/spotify/types.ts";
import { CLIENT_OPERATIONS, userApiOver } from "./contract-support.ts";
import { json, type RecordedRequest } from "./fake-web-api.ts";

const CONTRACT = join(import.meta.dir, "../../contracts/spotify-web-api.openapi.yml");
const USED_PATHS =
  /^\/(me|me\/tracks|me\/playlists|me\/library|me\/library\/contains|artists|artists\/\{id\}|audio-features|playlists\/\{playlist_id\}|playlists\/\{playlist_id\}\/items)$/;

let contract: OpenAPIBackend;
const answered = new Set<string>();

beforeAll(async () => {
  const full = Bun.YAML.parse(await Bun.file(CONTRACT).text()) as { paths: Record<string, unknown> };
  const paths = Object.fromEntries(Object.entries(full.paths).filter(([path]) => USED_PATHS.test(path)));
  contract = new OpenAPIBackend({
    definition: { ...full, paths } as unknown as Document,
    strict: false,
    validate: false,
    quick: true,
  });
  await contract.init();
});

/**
 * Two values of the sample are chosen by the test: a paging object is made the last page (so the client stops
 * there), and `is_local` is false (the generator sets every boolean true, and the client skips local files).
 */
function adjusted(sample: unknown): unknown {
  if (Array.isArray(sample)) return sample.map(adjusted);
  if (!sample || typeof sample !== "object") return sample;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sample)) out[k] = k === "is_local" ? false : adjusted(v);
  if (Array.isArray(out.items) && "next" in out)
    return { ...out, next: null, offset: 0, total: out.items.length };
  return out;
}

/** The contract's sample answer for the operation the request matches. */
function sampleAnswer(r: RecordedRequest): Response {
  const operation = contract.matchOperation({
    method: r.method,
    path: r.url.pathname.replace(/^\/v1/, ""),
    query: Object.fromEntries(r.url.searchParams),
    headers: {},
  });
  if (!operation?.operationId) return json({ error: { status: 404, message: "Service not found" } }, 404);
  answered.add(operation.operationId);
  const { status, mock } = contract.mockResponseForOperation(operation.operationId);
  if (operation.operationId === "check-library-contains") {
    const uris = (r.url.searchParams.get("uris") ?? "").split(",");
    return json(
      uris.map((_, i) => i % 2 === 0),
      status,
    );
  }
  if (mock === undefined || mock === null || mock === "") return new Response(null, { status });
  return json(adjusted(mock), status);
}

function sampleSample(operationId: string): Record<string, unknown> {
  return contract.mockResponseForOperation(operationId).mock as Record<string, unknown>;
}

let api: SpotifyUserApi;
beforeAll(() => {
  ({ api } = userApiOver(sampleAnswer));
});

describe("the client parses the contract's sample answers", () => {
  test("profile", async () => {
    const sample = sampleSample("get-current-users-profile");
    const me = await api.me();
    expect(me.id).toBe(sample.id as string);
    expect(me.display_name).toBe(sample.display_name as string);
  });

  test("saved tracks (the page's likes, with their times and artists)", async () => {
    const sample = sampleSample("get-users-saved-tracks") as { items: { added_at: string }[] };
    const pages: unknown[][] = [];
    for await (const page of api.likedTracks()) pages.push(page);
    expect(pages.flat()).toHaveLength(sample.items.length);
    const like = pages[0]?.[0] as { added_at: string; track: { id: string; artists: unknown[] } };
    expect(like.added_at).toBe(sample.items[0]?.added_at as string);
    expect(like.track.artists.length).toBeGreaterThan(0);
  });

  test("artists and audio features", async () => {
    const artists = await api.getArtists(["0TnOYISbd1XYRBk9myaseg"]);
    expect(artists[0]?.genres).toEqual(["Prog rock", "Grunge"]);
    const features = await api.getAudioFeatures(["2takcwOaAZWiXQijPHIx7B"]);
    expect(features).not.toBe("unavailable");
    expect((features as { tempo: number }[])[0]?.tempo).toBe(118.211);
  });

  test("playlists: create, read, items, change, library", async () => {
    const created = await api.createPlaylist({ name: "Chill", public: false, description: "d" });
    expect(created.id).toBe(sampleSample("create-playlist").id as string);
    expect(await api.addItems(created.id, ["t1", "t2"])).toBe("abc");
    expect(await api.removeItems(created.id, ["t1"])).toBeString();
    const items = await api.getPlaylistItems(created.id);
    expect(items.length).toBeGreaterThan(0);
    expect((await api.getPlaylist(created.id))?.id).toBe(created.id);
    await api.updatePlaylist(created.id, { name: "Chill 2" });
    await api.removePlaylistFromLibrary(created.id);
    expect(await api.playlistsInLibrary(["a", "b", "c"])).toEqual([true, false, true]);
    const mine = await api.myPlaylists();
    expect(mine.length).toBeGreaterThan(0);
  });

  test("every operation the client uses was answered from the contract", () => {
    expect([...answered].sort()).toEqual(CLIENT_OPERATIONS);
  });
});
