// Every refusal of the combination calls, over REST and tRPC: 6, 30, 400 with the spec's texts, 9, 24, 23, 16,
// 11 and the distribution guards 18 and 21.
import { beforeAll, describe, expect, test } from "bun:test";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { createCallerFactory, createContextInner } from "../../../src/server/trpc/core/init.ts";
import { ErrorCode, errorTexts, messages } from "../../../src/shared/errors.ts";
import { makePremium, setMembership } from "../../support/factories.ts";
import { type ApiAnswer, type Listener, setUpHarness } from "../distribution/support.ts";
import { createAndWait, createCombinations, type TestCombination } from "./support.ts";

const h = setUpHarness();
let free: Listener;
let legacy: Listener;
let premium: Listener;
const rock = (playlistName: string): TestCombination => ({ playlistName, criteria: [{ genres: ["Rock"] }] });

beforeAll(async () => {
  [free, legacy, premium] = await Promise.all([
    h.signIn("combo-errors-free", 20),
    h.signIn("combo-errors-legacy", 20),
    h.signIn("combo-errors-premium", 40),
  ]);
  setMembership(h.crate.deps.db, "FreeBeforePremiumIntroduced", legacy.userId);
  makePremium(h.crate.deps.db, premium.userId);
}, 60_000);

function expectCode(answer: ApiAnswer, status: number, code: number) {
  expect({ status: answer.status, errorCode: answer.body.errorCode }).toEqual({ status, errorCode: code });
  const text = errorTexts[code as keyof typeof errorTexts];
  if (text) expect(answer.body.error).toBe(text);
}

const trpcCaller = (l: Listener) =>
  createCallerFactory(appRouter)(
    createContextInner({ deps: h.crate.deps, sessionToken: l.cookie.replace("crate_session=", "") }),
  );

describe("who may", () => {
  test("signed out: 401 with code 6", async () => {
    expectCode(await h.call(null, "POST", "/api/distributor/combinatorial", { combinations: [] }), 401, 6);
    expectCode(await h.call(null, "DELETE", "/api/distributor/combinatorial/x"), 401, 6);
  });

  test("Free is refused with code 30 and the premium text; FreeBeforePremiumIntroduced may", async () => {
    expectCode(await createCombinations(h, free, [rock("Free Rock")]), 403, ErrorCode.FeatureNotAvailable);
    await expect(
      trpcCaller(free).combinations.create({ combinations: [rock("Free Rock")] }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: errorTexts[ErrorCode.FeatureNotAvailable],
    });
    await createAndWait(h, legacy, [rock("Legacy Rock")]);
  });
});

describe("over tRPC", () => {
  test("list, create and delete answer as the REST calls do", async () => {
    const caller = trpcCaller(legacy);
    const listed = await caller.combinations.list();
    expect(listed.map((c) => c.playlistName)).toEqual(["Legacy Rock"]);
    expect(listed[0]?.criteria).toEqual([
      { criterionNumber: 1, genres: ["Rock"], decade: null, mood: null, nationality: null },
    ]);
    await expect(caller.combinations.delete({ id: "no-such-combination" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      trpcCaller(premium).combinations.delete({ id: listed[0]?.combinatorialPlaylistPreferenceId ?? "" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.combinations.create({ combinations: [] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe("the shared schema's texts", () => {
  test("no playlist, no name, no criteria: 400 with the spec's text", async () => {
    const texts = async (combinations: unknown) =>
      String(
        (await h.call(premium.cookie, "POST", "/api/distributor/combinatorial", { combinations })).body.error,
      );
    expect(await texts([])).toContain(messages.noPlaylistDefined);
    expect(await texts([{ playlistName: " ", criteria: [{ genres: ["Rock"] }] }])).toContain(
      messages.playlistNeedsName,
    );
    expect(
      await texts([
        { playlistName: "A", criteria: [{ genres: ["Rock"] }] },
        { playlistName: "B", criteria: [{}] },
      ]),
    ).toContain(messages.noCriteriaPlural);
    const bad = await h.call(premium.cookie, "POST", "/api/distributor/combinatorial", {
      combinations: [{ playlistName: "Rock & Roll", criteria: [{ genres: ["Rock"] }] }],
    });
    expect({ status: bad.status, errorCode: bad.body.errorCode }).toEqual({ status: 400, errorCode: 1 });
  });
});

describe("names and catalogue", () => {
  test("an unknown genre, mood, nationality or decade is code 9", async () => {
    for (const criterion of [
      { genres: ["Rock", "Space Polka"] },
      { mood: "Sleepy" },
      { nationality: "Atlantean" },
      { decade: 1930 },
      { decade: 1995 },
    ]) {
      const answer = await createCombinations(h, premium, [
        { playlistName: "Unknown Things", criteria: [criterion] },
      ]);
      expectCode(answer, 400, ErrorCode.TypeDoesNotExist);
    }
  });

  test("a catalogue name, in any case, with a number or the postfix, is code 24", async () => {
    for (const name of ["Rock", "hip hop", "Everything 2", "Liked in 2024", "Latest 50 Liked Songs"]) {
      expectCode(await createCombinations(h, premium, [rock(name)]), 400, ErrorCode.ReservedName);
    }
  });

  test("a name used before, in any case, or twice in one request, is code 23", async () => {
    await createAndWait(h, premium, [rock("Road Trip")]);
    h.clearThrottles();
    expectCode(await createCombinations(h, premium, [rock("road   TRIP")]), 409, ErrorCode.DuplicateName);
    expectCode(
      await createCombinations(h, premium, [rock("Twice"), rock("twice")]),
      409,
      ErrorCode.DuplicateName,
    );
  });
});

describe("limits and throttles", () => {
  test("a second request within 30 seconds is code 11; it is separate from the predefined throttle", async () => {
    h.clearThrottles();
    await createAndWait(h, premium, [rock("First Of Two")]);
    expectCode(await createCombinations(h, premium, [rock("Second Of Two")]), 429, 11);
    const predefined = await h.call(premium.cookie, "POST", "/api/distributor/distribute-historically", {
      playlistPreferences: ["Rock"],
    });
    expect(predefined.status).toBe(200);
    await h.waitForProgress(premium, String(predefined.body.distributionProgressId));
  });

  test("code 18 while a distribution runs", async () => {
    h.clearThrottles();
    h.spotify.control.setFaults({ latencyMs: 150 });
    const first = await createCombinations(h, premium, [rock("Slow One")]);
    expect(first.status).toBe(200);
    h.clearThrottles();
    expectCode(await createCombinations(h, premium, [rock("Slow Two")]), 409, 18);
    h.spotify.control.setFaults({});
    await h.waitForProgress(premium, String(first.body.distributionProgressId));
  });

  test("code 37 while an analysis runs", async () => {
    h.clearThrottles();
    h.spotify.control.setFaults({ latencyMs: 150 });
    const analysis = await h.call(premium.cookie, "POST", "/api/distributor/analysis");
    expect(analysis.status).toBe(200);
    expectCode(
      await createCombinations(h, premium, [rock("While Analysing")]),
      409,
      ErrorCode.AnalysisOngoing,
    );
    h.spotify.control.setFaults({});
    const id = String(analysis.body.progressId);
    const until = Date.now() + 20_000;
    for (;;) {
      const answer = await h.call(
        premium.cookie,
        "GET",
        `/api/distributor/analysis/${id}?afterSegmentNumber=-1`,
      );
      const results = answer.body.results as { type: string }[];
      if (results.some((segment) => segment.type !== "Data")) break;
      if (Date.now() > until) throw new Error("analysis did not end");
      await Bun.sleep(20);
    }
  });

  test("more than 20 in total is code 16, counting the stored ones", async () => {
    h.clearThrottles();
    const stored =
      h.crate.deps.db.$client
        .query<{ n: number }, [string]>("SELECT count(*) AS n FROM combinations WHERE user_id = ?")
        .get(premium.userId)?.n ?? 0;
    const upTo20 = Array.from({ length: 20 - stored }, (_, i) => rock(`Filler ${i + 1}`));
    await createAndWait(h, premium, upTo20);
    h.clearThrottles();
    expectCode(
      await createCombinations(h, premium, [rock("One Too Many")]),
      400,
      ErrorCode.TooManyPreferences,
    );
    const fresh = await h.premiumListener("combo-errors-many", 5);
    const twentyOne = Array.from({ length: 21 }, (_, i) => rock(`Many ${i + 1}`));
    expectCode(await createCombinations(h, fresh, twentyOne), 400, ErrorCode.TooManyPreferences);
  });

  test("after deleting one's data and signing in again: code 21 for two minutes", async () => {
    h.crate.deps.db.$client
      .query("UPDATE users SET creation_blocked_until = ? WHERE id = ?")
      .run(Date.now() + 120_000, legacy.userId);
    h.clearThrottles();
    expectCode(await createCombinations(h, legacy, [rock("Too Soon")]), 429, ErrorCode.UserDeletedRecently);
  });
});
