// The analysis says for each metadata group how much of the library is classified, as the Playlists page does,
// and a group no configured source can fill says so.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { type MetadataCoverage, metadataGroups, metadataTexts } from "../../../src/shared/metadata.ts";
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
