// The two reads pages repeat most: a run's progress (polled) and the playlist preferences (every page view).

import { describe, expect, test } from "bun:test";
import { parseConfig } from "../../../src/server/config/config.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { getPlaylistPreferences } from "../../../src/server/distribution/preferences.ts";
import { getProgress } from "../../../src/server/distribution/service.ts";
import { etagOf, matchesEtag } from "../../../src/server/http/validators.ts";
import { AppError } from "../../../src/server/platform/errors.ts";
import { createDistribution, createUser } from "../../support/factories.ts";

function setup() {
  const { db } = openDatabase(":memory:");
  const sqlite = db.$client;
  for (const id of ["u", "other"]) {
    createUser(db, { id, spotifyId: `s-${id}` });
  }
  const run = (id: string, status: "running" | "finished", names: string[] | null) =>
    createDistribution(db, {
      id,
      userId: "u",
      trigger: "predefined",
      status,
      totalNumberOfLikedSongs: 42,
      createdPlaylistNames: names,
    });
  return { db, sqlite, run };
}

describe("progress of a run", () => {
  test("a run not planned yet has no entries and is not finished", () => {
    const { db, run } = setup();
    run("d", "running", null);
    expect(getProgress({ db }, "u", "d")).toEqual({
      progress: [],
      finished: false,
      totalNumberOfLikedSongs: 42,
      createdPlaylistNames: [],
    });
  });

  test("entries in the order they were planned, with the run's playlist names", () => {
    const { db, sqlite, run } = setup();
    run("d", "finished", ["Chill", "Party"]);
    const entry = sqlite.query(
      "INSERT INTO distribution_entries (distribution_id, distribution_type, total_work, completed_work) VALUES ('d', ?, ?, ?)",
    );
    entry.run("Standard", 100, 100);
    entry.run("Randomized", 10, -1);
    expect(getProgress({ db }, "u", "d")).toEqual({
      progress: [
        { distributionType: "Standard", totalWork: 100, completedWork: 100 },
        { distributionType: "Randomized", totalWork: 10, completedWork: -1 },
      ],
      finished: true,
      totalNumberOfLikedSongs: 42,
      createdPlaylistNames: ["Chill", "Party"],
    });
  });

  test("another user's run, or an unknown id, is not found", () => {
    const { db, run } = setup();
    run("d", "running", null);
    expect(() => getProgress({ db }, "other", "d")).toThrow(AppError);
    expect(() => getProgress({ db }, "u", "nope")).toThrow(AppError);
  });
});

describe("the preferences answer at the edge", () => {
  const config = parseConfig({ DATABASE_PATH: ":memory:", METADATA_SOURCES: "spotify" });
  /** The answer as the REST read gives it, and a selection to change it with. */
  function preferencesSetup() {
    const { db, sqlite } = setup();
    const deps = { db, config, clock: { now: () => 1_000 } };
    return {
      readAt: (level: "Free" | "PremiumYearly") => {
        const text = JSON.stringify(getPlaylistPreferences(deps, { userId: "u", membershipLevel: level }));
        return { text, etag: etagOf(text) };
      },
      select: () =>
        sqlite
          .query("INSERT INTO simple_preferences (user_id, name, selected_at) VALUES ('u', 'Chill', 5)")
          .run(),
    };
  }

  test("its JSON and validator change exactly when the answer does, for free and premium members", () => {
    const { readAt, select } = preferencesSetup();
    const before = readAt("Free");
    expect(readAt("Free")).toEqual(before);
    expect(readAt("PremiumYearly").etag).not.toBe(before.etag);
    select();
    const after = readAt("Free");
    expect(JSON.parse(after.text).usersSimplePlaylistPreferences).toEqual([{ group: "Mood", name: "Chill" }]);
    expect(after.etag).not.toBe(before.etag);
  });

  test("a client holding the current validator is answered 304; one holding an old validator is not", () => {
    const { readAt, select } = preferencesSetup();
    const first = readAt("Free");
    expect(matchesEtag(`"other", ${first.etag}`, readAt("Free").etag)).toBe(true);
    select();
    const changed = readAt("Free");
    expect(matchesEtag(first.etag, changed.etag)).toBe(false);
    expect(JSON.parse(changed.text).mostRecentlySelected).toEqual(["Chill"]);
  });
});
