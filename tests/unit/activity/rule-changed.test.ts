// A rule's edit in the activity of its playlists: every playlist of the combination lists it, with what changed,
// on the listener's clock, newest first among the updates' entries.
import { expect, test } from "bun:test";
import { playlistActivityOf } from "../../../src/server/activity/read.ts";
import { recordActivity, recordRuleChanged } from "../../../src/server/activity/record.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { createUser } from "../../support/factories.ts";

const AT = Date.UTC(2026, 2, 14, 20, 4);

test("a rule change is listed on each of the combination's playlists, and only there", () => {
  const { db, sqlite } = openDatabase(":memory:");
  createUser(db, { id: "u" });
  createUser(db, { id: "other" });
  const playlist = sqlite.query(
    "INSERT INTO managed_playlists (id, user_id, source, preference_key, name, sequence, created_at) VALUES (?, ?, 'combination', ?, ?, ?, 0)",
  );
  playlist.run("p1", "u", "c1", "Mix", 1);
  playlist.run("p2", "u", "c1", "Mix 2", 2);
  playlist.run("p3", "u", "c2", "Other Mix", 1);
  const place = { userId: "u", source: "combination" as const, preferenceKey: "c1", playlistId: "p1" };
  recordActivity(db, { ...place, kind: "added", trackIds: ["t1", "t2"], at: AT - 60_000 });
  recordRuleChanged(db, { userId: "u", combinationId: "c1", at: AT, detail: "now ordered by release date" });

  const of = (userId: string, preferenceKey: string, playlistId: string) =>
    playlistActivityOf(
      db,
      { userId, source: "combination", preferenceKey, playlistId },
      100,
      "Europe/Berlin",
    );
  const [latest, before] = of("u", "c1", "p1");
  expect(latest).toEqual({
    at: new Date(AT).toISOString(),
    when: "14 March 2026 at 21:04",
    kind: "ruleChanged",
    count: 0,
    songs: [],
    text: "You changed the rule: now ordered by release date",
  });
  expect(before?.kind).toBe("added");
  // the numbered playlist of the same combination lists it too; another combination and listener do not
  expect(of("u", "c1", "p2").map((e) => e.kind)).toEqual(["ruleChanged"]);
  expect(of("u", "c2", "p3")).toEqual([]);
  expect(of("other", "c1", "p1")).toEqual([]);
});
