// "Liked in Month" and its "Starting From Current Month" twin name playlists alike: selected together, each
// month gets one playlist.
import { describe, expect, test } from "bun:test";
import { oneOwnerPerMonth } from "../../../src/server/distribution/plan/month-owners.ts";
import type { PlaylistWork, PreferenceInput } from "../../../src/server/distribution/plan/preference-plan.ts";
import { ctx, library, plan, playlist, pref } from "./plan-support.ts";

const songs = library(70); // 2025-01-01 .. 2025-03-11
const fromFebruary = { selectedAt: Date.UTC(2025, 1, 20) };

function planBoth(every: PreferenceInput, fromSelection: PreferenceInput): PlaylistWork[] {
  const inputs = [every, fromSelection];
  return oneOwnerPerMonth(
    inputs,
    inputs.flatMap((input) => plan(input, songs)),
  );
}
const described = (works: PlaylistWork[]) =>
  works.map((w) => [w.preferenceName, "existingId" in w.target ? w.target.existingId : w.target.name]);

describe("Liked in Month with Starting From Current Month", () => {
  test("selected together from scratch: every month once, all made by Liked in Month", () => {
    const works = planBoth(
      pref("Liked in Month", "LikedAt"),
      pref("Liked in Month - Starting From Current Month", "LikedAt", fromFebruary),
    );
    expect(described(works)).toEqual([
      ["Liked in Month", "Liked in January 2025"],
      ["Liked in Month", "Liked in February 2025"],
      ["Liked in Month", "Liked in March 2025"],
    ]);
  });

  test("a month the Starting From playlist already holds stays with it; Liked in Month makes the others", () => {
    const works = planBoth(
      pref("Liked in Month", "LikedAt"),
      pref("Liked in Month - Starting From Current Month", "LikedAt", {
        ...fromFebruary,
        playlists: [playlist({ id: "feb", bucket: "2025-02", songCount: 3 })],
        everAdded: new Set(["t31", "t32", "t33"]),
      }),
    );
    expect(described(works)).toEqual([
      ["Liked in Month", "Liked in January 2025"],
      ["Liked in Month", "Liked in March 2025"],
      ["Liked in Month - Starting From Current Month", "feb"],
    ]);
    const february = works.find((w) => "existingId" in w.target);
    expect(february?.adds).toHaveLength(28 - 3);
  });

  test("either one alone plans as before", () => {
    const alone = pref("Liked in Month - Starting From Current Month", "LikedAt", fromFebruary);
    expect(oneOwnerPerMonth([alone], plan(alone, songs))).toEqual(plan(alone, songs));
  });
});

describe("a changed time zone with both monthly preferences", () => {
  test("a song Liked in Month already placed is not added to the twin's month in the new zone", () => {
    // t1 (31 March 20:00 UTC) went to March under UTC; in Auckland it is 1 April, a month the
    // Starting From preference owns.
    const like = { trackId: "t1", likedAt: Date.parse("2025-03-31T20:00:00Z"), rank: 0, categories: [] };
    const fresh = { trackId: "t2", likedAt: Date.parse("2025-04-10T00:00:00Z"), rank: 1, categories: [] };
    const every = pref("Liked in Month", "LikedAt", {
      playlists: [playlist({ id: "march", bucket: "2025-03", songCount: 1 })],
      everAdded: new Set(["t1"]),
    });
    const fromApril = pref("Liked in Month - Starting From Current Month", "LikedAt", {
      selectedAt: Date.parse("2025-04-02T00:00:00Z"),
      playlists: [playlist({ id: "april", bucket: "2025-04", songCount: 0 })],
    });
    const inputs = [every, fromApril];
    const zone = ctx({ timeZone: "Pacific/Auckland" });
    const works = oneOwnerPerMonth(
      inputs,
      inputs.flatMap((input) => plan(input, [like, fresh], zone)),
    );
    expect(works.map((w) => [w.preferenceName, w.adds.map((s) => s.trackId)])).toEqual([
      ["Liked in Month - Starting From Current Month", ["t2"]],
    ]);
  });
});
