// A choices document with combinations: exported from a listener with two combination playlists and loaded by a
// second listener, the combinations and their exclusion exist there with the same criteria (and their playlists
// on Spotify); a document with an invalid combination is refused naming the field, with nothing applied.
import { beforeAll, describe, expect, test } from "bun:test";
import { makePremium } from "../../support/factories.ts";
import { type Listener, managed, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let first: Listener;
let second: Listener;

const settle = (l: Listener) => h.workSettled(l);
const premium = (l: Listener) => makePremium(h.crate.deps.db, l.userId);

const combinations = [
  { playlistName: "Rock Nineties", criteria: [{ genres: ["Rock"], decade: 1990 }] },
  { playlistName: "Calm Or Jazz", criteria: [{ mood: "Chill" }, { genres: ["Jazz", "Blues"] }] },
];

beforeAll(async () => {
  first = await h.signIn("choices-combo-a", 200, 9);
  // the second listener likes the same songs: a document may name only the loading listener's own likes
  h.spotify.control.createListener({ id: "choices-combo-b", likes: 0 });
  h.spotify.control.like("choices-combo-b", { trackIds: h.likesOldestFirst(first.id).map((l) => l.trackId) });
  second = await h.signIn("choices-combo-b", null);
  premium(first);
  premium(second);
  const made = await h.call(first.cookie, "POST", "/api/distributor/combinatorial", { combinations });
  expect(made.status).toBe(200);
  await settle(first);
  await settle(second);
}, 120_000);

type Doc = {
  selection: string[];
  combinations: { playlistName: string; criteria: Record<string, unknown>[] }[];
  exclusions: { playlist: string; kind: string; id: string }[];
};
const choicesOf = async (l: Listener) => (await h.call(l.cookie, "GET", "/api/user/choices")).body as Doc;

describe("a choices document with combinations", () => {
  test("loaded by a second listener, the combinations exist with the same criteria and their exclusions", async () => {
    const rock = h.playlistsOf(first.id).get(managed("Rock Nineties")) ?? [];
    expect(rock.length).toBeGreaterThan(1);
    const kept = rock[0] ?? "";
    const path = `/api/playlists/${encodeURIComponent("Rock Nineties")}/exclusions`;
    expect((await h.call(first.cookie, "POST", path, { trackId: kept })).status).toBe(201);
    await settle(first);
    const doc = await choicesOf(first);
    expect(doc.combinations.map((c) => c.playlistName)).toEqual(["Rock Nineties", "Calm Or Jazz"]);
    expect(doc.exclusions).toEqual([{ playlist: "Rock Nineties", kind: "track", id: kept }]);

    const loaded = await h.call(second.cookie, "POST", "/api/user/choices", doc);
    expect(loaded.status).toBe(200);
    expect(loaded.body.changed).toMatchObject({ combinations: 2, exclusions: 1 });
    await settle(second);
    const mine = await choicesOf(second);
    expect(mine.combinations).toEqual(doc.combinations);
    expect(mine.exclusions).toEqual(doc.exclusions);
    // their playlists were made on Spotify from the second listener's own likes
    const made = h.playlistsOf(second.id);
    for (const name of ["Rock Nineties", "Calm Or Jazz"])
      expect((made.get(managed(name)) ?? []).length).toBeGreaterThan(0);
  }, 120_000);

  test("an invalid combination is refused naming its field, and nothing of the document is applied", async () => {
    const third = await h.signIn("choices-combo-c", 30, 5);
    premium(third);
    const good = {
      version: 1,
      selection: ["1990s"],
      combinations: [combinations[0]],
      exclusions: [],
      corrections: [],
      settings: { createPlaylistsAsPrivate: false, removePlaylistPostfix: true, addRecordingOnce: false },
    };
    const cases: [unknown[], string][] = [
      [
        [combinations[0], { playlistName: "Odd", criteria: [{ genres: ["Not A Genre"] }] }],
        "combinations[1].criteria",
      ],
      [[{ playlistName: "Empty", criteria: [{}] }], "combinations[0].criteria"],
      [[{ playlistName: "Rock", criteria: [{ decade: 1990 }] }], "combinations[0].playlistName"],
      [[{ playlistName: "Bad", criteria: [{ decade: 1990, mood: "Grumpy" }] }], "combinations[0].criteria"],
      [[{ playlistName: "Bad", criteria: "Rock" }], "combinations"],
    ];
    for (const [combos, field] of cases) {
      const answer = await h.call(third.cookie, "POST", "/api/user/choices", {
        ...good,
        combinations: combos,
      });
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toContain(field);
    }
    const after = await choicesOf(third);
    expect(after).toMatchObject({ selection: [], combinations: [], exclusions: [] });
    expect(h.playlistsOf(third.id).size).toBe(0);
  });

  test("a free listener's document with combinations is refused with errorCode 30, nothing applied", async () => {
    const free = await h.signIn("choices-combo-d", 30, 5);
    const answer = await h.call(free.cookie, "POST", "/api/user/choices", {
      version: 1,
      selection: ["1990s"],
      combinations,
      exclusions: [],
      corrections: [],
      settings: { createPlaylistsAsPrivate: false, removePlaylistPostfix: true, addRecordingOnce: false },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe(30);
    expect(await choicesOf(free)).toMatchObject({ selection: [], combinations: [] });
  });
});
