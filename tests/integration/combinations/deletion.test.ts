// Deleting a combination: its playlist leaves the listener's Spotify library; a failed deletion keeps the
// combination with active: false until deleted again; another listener's id is a 404.
import { beforeAll, describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { makePremium, setMembership } from "../../support/factories.ts";
import { type Listener, setUpHarness } from "../distribution/support.ts";
import {
  createAndWait,
  createCombinations,
  type ListedCombination,
  listedCombinations,
  managed,
} from "./support.ts";

const h = setUpHarness();
let listener: Listener;
let other: Listener;
const everyDecade = [1960, 1970, 1980, 1990, 2000, 2010, 2020].map((decade) => ({ decade }));

beforeAll(async () => {
  [listener, other] = await Promise.all([h.signIn("combo-delete", 80), h.signIn("combo-delete-other", 10)]);
  makePremium(h.crate.deps.db, listener.userId, other.userId);
  await createAndWait(h, listener, [
    { playlistName: "Keep Me", criteria: everyDecade },
    { playlistName: "Delete Me", criteria: everyDecade },
    { playlistName: "Fail Once", criteria: everyDecade },
    { playlistName: "Never Filled", criteria: [{ decade: 1940, mood: "Party", nationality: "Icelandic" }] },
  ]);
}, 60_000);

async function idOf(name: string): Promise<string> {
  const found = (await listedCombinations(h, listener)).find((c) => c.playlistName === name);
  if (!found) throw new Error(`no combination ${name}`);
  return found.combinatorialPlaylistPreferenceId;
}

const remove = (l: Listener, id: string) =>
  h.call(l.cookie, "DELETE", `/api/distributor/combinatorial/${id}`);

describe("deleting a combination", () => {
  test("removes its playlist from Spotify and forgets it; its name stays used", async () => {
    expect(h.playlistsOf(listener.id).has(managed("Delete Me"))).toBe(true);
    const answer = await remove(listener, await idOf("Delete Me"));
    expect(answer.status).toBe(200);
    expect(answer.body.removedPlaylistNames).toEqual([managed("Delete Me")]);
    // while it runs the list already leaves it out
    expect((await listedCombinations(h, listener)).map((c) => c.playlistName)).not.toContain("Delete Me");
    await h.waitForProgress(listener, String(answer.body.distributionProgressId));
    expect(h.playlistsOf(listener.id).has(managed("Delete Me"))).toBe(false);
    expect(h.playlistsOf(listener.id).has(managed("Keep Me"))).toBe(true);
    expect((await listedCombinations(h, listener)).map((c) => c.playlistName)).toEqual([
      "Keep Me",
      "Fail Once",
      "Never Filled",
    ]);
    const rows = h.crate.deps.db.$client
      .query<{ n: number }, [string]>(
        "SELECT count(*) AS n FROM managed_playlists WHERE user_id = ? AND source = 'combination'",
      )
      .get(listener.userId);
    expect(rows?.n).toBe(2);
    h.clearThrottles();
    const again = await createCombinations(h, listener, [
      { playlistName: "Delete Me", criteria: everyDecade },
    ]);
    expect(again.body.errorCode).toBe(ErrorCode.DuplicateName);
  });

  test("one whose playlist never appeared is forgotten at once", async () => {
    const answer = await remove(listener, await idOf("Never Filled"));
    expect(answer.body).toEqual({ distributionProgressId: null, removedPlaylistNames: [] });
    expect((await listedCombinations(h, listener)).map((c) => c.playlistName)).toEqual([
      "Keep Me",
      "Fail Once",
    ]);
  });

  test("another listener's or an unknown id is a 404", async () => {
    const id = await idOf("Keep Me");
    const answer = await remove(other, id);
    expect({ status: answer.status, errorCode: answer.body.errorCode }).toEqual({
      status: 404,
      errorCode: 4,
    });
    expect((await remove(listener, "no-such-combination")).status).toBe(404);
    expect(h.playlistsOf(listener.id).has(managed("Keep Me"))).toBe(true);
  });

  test("a failed deletion keeps it with active: false until it is deleted again", async () => {
    const id = await idOf("Fail Once");
    h.spotify.control.setFaults({ rate5xx: 1, seed: 3 });
    const answer = await remove(listener, id);
    expect(answer.status).toBe(200);
    const done = await h.waitForProgress(listener, String(answer.body.distributionProgressId));
    h.spotify.control.setFaults({});
    expect((done.body.progress as { completedWork: number }[])[0]?.completedWork).toBe(-1);
    expect(h.playlistsOf(listener.id).has(managed("Fail Once"))).toBe(true);
    const listed = await listedCombinations(h, listener);
    expect(listed.map((c: ListedCombination) => [c.playlistName, c.active])).toEqual([
      ["Keep Me", true],
      ["Fail Once", false],
    ]);

    const retry = await remove(listener, id);
    expect(retry.status).toBe(200);
    await h.waitForProgress(listener, String(retry.body.distributionProgressId));
    expect(h.playlistsOf(listener.id).has(managed("Fail Once"))).toBe(false);
    expect((await listedCombinations(h, listener)).map((c) => c.playlistName)).toEqual(["Keep Me"]);
  }, 30_000);

  test("creating while a deletion runs is code 34; a Free listener may still delete", async () => {
    setMembership(h.crate.deps.db, "Free", listener.userId);
    h.spotify.control.setFaults({ latencyMs: 150 });
    const answer = await remove(listener, await idOf("Keep Me"));
    expect(answer.status).toBe(200);
    makePremium(h.crate.deps.db, listener.userId);
    h.clearThrottles();
    const create = await createCombinations(h, listener, [
      { playlistName: "During Delete", criteria: everyDecade },
    ]);
    expect(create.body.errorCode).toBe(ErrorCode.PlaylistDeletionOngoing);
    h.spotify.control.setFaults({});
    await h.waitForProgress(listener, String(answer.body.distributionProgressId));
    expect(await listedCombinations(h, listener)).toEqual([]);
    expect(h.playlistsOf(listener.id).size).toBe(0);
  });
});
