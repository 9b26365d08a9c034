// The analysis says for each metadata group how much of the library is classified, as the Playlists page does,
// and a group no configured source can fill says so.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { signInSyncSettled } from "../../../src/server/library/service.ts";
import { limits } from "../../../src/shared/limits.ts";
import { type MetadataCoverage, metadataGroups, metadataTexts } from "../../../src/shared/metadata.ts";
import { makePremium } from "../../support/factories.ts";
import { call, type Listener, signIn } from "../distribution/support.ts";
import { expectedTempo, type MetadataHarness, startMetadataHarness, world } from "./support.ts";

setDefaultTimeout(120_000);

interface AnalysisAnswer {
  results: { segmentNumber: number; type: string }[];
  coverage: MetadataCoverage;
}

/** Starts an analysis and polls it to its end; returns the last segment number. */
async function analyse(h: MetadataHarness, l: Listener): Promise<{ id: string; last: number }> {
  const started = await call(h, l.cookie, "POST", "/api/distributor/analysis");
  expect(started.status).toBe(200);
  const id = String(started.body.progressId);
  const until = Date.now() + 60_000;
  for (let after = -1; Date.now() < until; await Bun.sleep(20)) {
    const answer = await call(
      h,
      l.cookie,
      "GET",
      `/api/distributor/analysis/${id}?afterSegmentNumber=${after}`,
    );
    expect(answer.status).toBe(200);
    const { results } = answer.body as unknown as AnalysisAnswer;
    for (const segment of results) {
      after = segment.segmentNumber;
      if (segment.type !== "Data") return { id, last: after };
    }
  }
  throw new Error("analysis did not end");
}

async function coverageOf(h: MetadataHarness, l: Listener, id: string, after: number) {
  const rest = await call(h, l.cookie, "GET", `/api/distributor/analysis/${id}?afterSegmentNumber=${after}`);
  const input = encodeURIComponent(JSON.stringify({ id, afterSegmentNumber: after }));
  const trpc = await fetch(`${h.crate.url}/api/trpc/distribution.analysisResults?input=${input}`, {
    headers: { cookie: l.cookie },
  });
  const viaTrpc = ((await trpc.json()) as { result: { data: AnalysisAnswer } }).result.data;
  const viaRest = rest.body as unknown as AnalysisAnswer;
  // the spec's field stays as it was
  expect(viaRest.results).toEqual([]);
  expect(viaTrpc.coverage).toEqual(viaRest.coverage);
  return viaRest.coverage;
}

const textOf = (coverage: MetadataCoverage, group: string) =>
  coverage.groups.find((g) => g.group === group)?.text;

describe("the analysis of a development-mode library with the open sources", () => {
  let h: MetadataHarness;
  let listener: Listener;
  beforeAll(async () => {
    h = await startMetadataHarness();
    listener = await signIn(h, "analysis-coverage", 150, 5);
  });
  afterAll(async () => {
    await h.dispose();
  });

  test("says for each group how much of the library is classified once the lookups are done", async () => {
    const { id, last } = await analyse(h, listener);
    await h.settled();
    const coverage = await coverageOf(h, listener, id, last);
    const liked = h.spotify.control.likes(listener.id).map((like) => like.trackId);
    expect(coverage.songs).toBe(liked.length);
    expect(coverage.lookup).toBeNull();
    expect(coverage.groups.map((g) => g.group)).toEqual([...metadataGroups]);
    const moods = liked.filter((trackId) => world().reccoBeats(trackId)).length;
    const tempos = liked.filter((trackId) => expectedTempo(trackId) !== null).length;
    expect(moods).toBeGreaterThan(0);
    expect(textOf(coverage, "Mood")).toBe(metadataTexts.coverage("Mood", moods, liked.length));
    expect(textOf(coverage, "Tempo")).toBe(metadataTexts.coverage("Tempo", tempos, liked.length));
    for (const group of coverage.groups) {
      expect(group.fillable).toBe(true);
      expect(group.text).toBe(metadataTexts.coverage(group.group, group.known, liked.length));
    }
  });
});

describe("the analysis of a development-mode library with Spotify as the only source", () => {
  let h: MetadataHarness;
  let listener: Listener;
  beforeAll(async () => {
    h = await startMetadataHarness({ METADATA_SOURCES: "spotify" });
    listener = await signIn(h, "analysis-spotify-only", 60, 6);
  });
  afterAll(async () => {
    await h.dispose();
  });

  test("says that no configured source can fill Mood, Tempo, Genre, Subgenre or Nationality", async () => {
    const { id, last } = await analyse(h, listener);
    const coverage = await coverageOf(h, listener, id, last);
    expect(coverage.songs).toBe(60);
    for (const group of metadataGroups) {
      expect(coverage.groups.find((g) => g.group === group)?.fillable).toBe(false);
      expect(textOf(coverage, group)).toBe(metadataTexts.unfillable(group));
    }
  });
});

describe("a free listener with more liked songs than the free plan places", () => {
  let h: MetadataHarness;
  let listener: Listener;
  beforeAll(async () => {
    h = await startMetadataHarness();
    listener = await signIn(h, "coverage-free-past-limit", limits.freeConsideredSongs + 150, 7);
    await signInSyncSettled(h.crate.deps, listener.userId);
  });
  afterAll(async () => {
    await h.dispose();
  });

  const coverageNow = async () => {
    const answer = await fetch(`${h.crate.url}/api/trpc/metadata.coverage`, {
      headers: { cookie: listener.cookie },
    });
    return ((await answer.json()) as { result: { data: MetadataCoverage } }).result.data;
  };

  test("the coverage counts only the first songs the free plan places, and says so; Premium counts them all", async () => {
    const free = await coverageNow();
    expect(free.songs).toBe(limits.freeConsideredSongs);
    for (const group of free.groups) {
      expect(group.known).toBeLessThanOrEqual(limits.freeConsideredSongs);
      expect(group.text).toBe(
        metadataTexts.coverageOfFirst(group.group, group.known, limits.freeConsideredSongs),
      );
    }
    makePremium(h.crate.deps.db, listener.userId);
    const premium = await coverageNow();
    expect(premium.songs).toBe(limits.freeConsideredSongs + 150);
    expect(textOf(premium, "Mood")).toStartWith("Mood known for ");
    expect(textOf(premium, "Mood")).toEndWith(` of ${limits.freeConsideredSongs + 150} songs`);
  });
});
