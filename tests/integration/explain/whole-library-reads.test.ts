// Procedures that read the listener's whole library (a playlist's songs with the songs not in it, a song's
// placement, the search of liked songs, the metadata coverage, loading a choices document) count as expensive: a
// batched tRPC request carries one of them, the others are refused with code 67 before they run; cheap calls in
// the same batch are answered.
import { beforeAll, describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { type Listener, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let listener: Listener;
let song = "";

beforeAll(async () => {
  listener = await h.premiumListener("whole-library", 120);
  await h.distributeAndWait(listener, ["Rock", "1990s"]);
  song = h.likesOldestFirst(listener.id)[0]?.trackId ?? "";
}, 60_000);

type Item = { result?: unknown; error?: { data: { errorCode: number } } };

async function batch(calls: [string, unknown][], method: "GET" | "POST" = "GET"): Promise<Item[]> {
  const names = calls.map(([name]) => name).join(",");
  const inputs = Object.fromEntries(calls.map(([, input], i) => [i, input]));
  const res =
    method === "GET"
      ? await fetch(
          `${h.crate.url}/api/trpc/${names}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
          {
            headers: { cookie: listener.cookie },
          },
        )
      : await fetch(`${h.crate.url}/api/trpc/${names}?batch=1`, {
          method: "POST",
          headers: { cookie: listener.cookie, "content-type": "application/json", origin: h.crate.url },
          body: JSON.stringify(inputs),
        });
  return (await res.json()) as Item[];
}

const emptyChoices = {
  document: {
    version: 1,
    selection: ["Rock", "1990s"],
    combinations: [],
    exclusions: [],
    corrections: [],
    settings: { createPlaylistsAsPrivate: false, removePlaylistPostfix: false, addRecordingOnce: false },
  },
  dryRun: true,
};

describe("security: whole-library reads are one per batched request", () => {
  const reads: [string, () => unknown][] = [
    ["explain.songs", () => ({ name: "Rock", offset: 0, limit: 100 })],
    ["explain.placement", () => ({ trackId: song })],
    ["explain.search", () => ({ query: "a" })],
    ["metadata.coverage", () => undefined],
  ];
  for (const [name, input] of reads)
    test(`twenty ${name} in one batch: one answered, the others refused with code 67`, async () => {
      const items = await batch(Array.from({ length: 20 }, () => [name, input()] as [string, unknown]));
      expect(items).toHaveLength(20);
      expect(items[0]?.result).toBeDefined();
      for (const item of items.slice(1))
        expect(item.error?.data.errorCode).toBe(ErrorCode.TooManyExpensiveCalls);
    });

  test("two kinds of whole-library read in one batch: one is refused; cheap calls beside them are answered", async () => {
    const mixed = await batch([
      ["explain.placement", { trackId: song }],
      ["metadata.coverage", undefined],
      ["settings.get", undefined],
    ]);
    const reads = mixed.slice(0, 2);
    expect(reads.filter((item) => item.result !== undefined)).toHaveLength(1);
    expect(reads.map((item) => item.error?.data.errorCode).filter(Boolean)).toEqual([
      ErrorCode.TooManyExpensiveCalls,
    ]);
    expect(mixed[2]?.result).toBeDefined();
  });

  test("an analysis's results (they carry the library's coverage) twice in one batch: the second is refused", async () => {
    const started = await h.call(listener.cookie, "POST", "/api/distributor/analysis");
    expect(started.status).toBe(200);
    await h.workSettled(listener);
    const input = { id: started.body.progressId, afterSegmentNumber: -1 };
    const items = await batch([
      ["distribution.analysisResults", input],
      ["distribution.analysisResults", input],
    ]);
    expect(items[0]?.result).toBeDefined();
    expect(items[1]?.error?.data.errorCode).toBe(ErrorCode.TooManyExpensiveCalls);
  });

  test("loading a choices document twice in one batch: the second is refused", async () => {
    const items = await batch(
      [
        ["explain.loadChoices", emptyChoices],
        ["explain.loadChoices", emptyChoices],
      ],
      "POST",
    );
    expect(items[0]?.result).toBeDefined();
    expect(items[1]?.error?.data.errorCode).toBe(ErrorCode.TooManyExpensiveCalls);
  });
});
