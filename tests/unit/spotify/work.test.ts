// The work context: what a Web API call is for is given where its work starts — the listener's API is made for
// that work — and nothing else decides it. Calls of two pieces of work in flight together never take each
// other's kind or priority, whatever their awaits interleave.
import { describe, expect, test } from "bun:test";
import { createSpotifyClient } from "../../../src/server/spotify/client.ts";
import type { FetchLike, HttpObserver } from "../../../src/server/spotify/http.ts";
import { type SpotifyWork, workOf } from "../../../src/server/spotify/work.ts";
import { ACCOUNTS, API } from "./fake-web-api.ts";

type Call = Parameters<NonNullable<HttpObserver["onCall"]>>[0];

function recordingClient(concurrency = 64) {
  const calls: Call[] = [];
  const order: string[] = [];
  let answer: (() => void)[] = [];
  const fetch: FetchLike = async (url, init) => {
    const auth = new Headers(init.headers).get("authorization") ?? "";
    order.push(`${auth.replace("Bearer ", "")} ${new URL(url).pathname.replace("/v1", "")}`);
    // every answer waits until released, so pieces of work interleave as the test says
    await new Promise<void>((resolve) => answer.push(resolve));
    if (url.endsWith("/api/token")) return Response.json({ access_token: "fresh", expires_in: 3600 });
    return Response.json({ id: "me", display_name: null });
  };
  const client = createSpotifyClient({
    apiUrl: API,
    accountsUrl: ACCOUNTS,
    clientId: "id",
    clientSecret: "secret",
    fetch,
    concurrency,
    observer: { onCall: (call) => calls.push(call) },
  });
  const tokens = (user: string) => ({ userId: user, current: async () => user, refresh: async () => user });
  const release = async () => {
    while (answer.length === 0) await Bun.sleep(1);
    const waiting = answer;
    answer = [];
    for (const resolve of waiting) resolve();
    await Bun.sleep(1);
  };
  return { client, calls, order, tokens, release };
}

describe("the work a Web API call is for", () => {
  test("each call counts as the work its API was made for, at that work's priority, however the work interleaves", async () => {
    const { client, calls, tokens, release } = recordingClient();
    const hourly = client.forUser(tokens("job-listener"), workOf("hourly"));
    const own = client.forUser(tokens("listener"), workOf("distribution"));
    const both = Promise.all([
      (async () => {
        await hourly.me();
        await hourly.me();
      })(),
      (async () => {
        await own.me();
        await own.me();
      })(),
    ]);
    await release();
    await release();
    await both;
    const seen = calls.map((c) => `${c.userId} ${c.kind} ${c.priority}`).sort();
    expect(seen).toEqual([
      "job-listener hourly background",
      "job-listener hourly background",
      "listener distribution interactive",
      "listener distribution interactive",
    ]);
  });

  test("an API made for no work in particular counts its calls as other, at a listener's priority", async () => {
    const { client, calls, tokens, release } = recordingClient();
    const done = client.forUser(tokens("u")).me();
    await release();
    await done;
    expect(calls.map((c) => [c.kind, c.priority])).toEqual([["other", "interactive"]]);
  });

  test("a background job's calls leave the reserved slots to a listener's own call", async () => {
    // 4 calls on the wire at most, one of them kept for interactive calls
    const { client, order, tokens, release } = recordingClient(4);
    const job = client.forUser(tokens("job"), workOf("hourly"));
    const jobCalls = Array.from({ length: 5 }, () => job.me());
    await Bun.sleep(5);
    expect(order.filter((o) => o.startsWith("job"))).toHaveLength(3);
    const own = client.forUser(tokens("listener"), workOf("analysis")).me();
    await Bun.sleep(5);
    // the listener's call went out at once, beside the job's three
    expect(order).toContain("listener /me");
    // the first four answered, the job's last two go out
    await release();
    await release();
    await Promise.all([...jobCalls, own]);
  });

  test("a token refresh for the job's work is counted and paced as the job's", async () => {
    const { client, calls, release } = recordingClient();
    const work: SpotifyWork = workOf("hourly");
    const refreshed = client.accounts.refresh("refresh-token", work);
    await release();
    await refreshed;
    expect(calls.map((c) => [c.service, c.kind, c.priority])).toEqual([["accounts", "hourly", "background"]]);
  });
});
