// POST /api/web-vitals: a page's Core Web Vitals are counted in /metrics per route and in the weekly buckets the
// admin chart reads; a bad, oversized or cross-site report is refused and nothing of it is kept.
import { describe, expect, test } from "bun:test";
import { parseConfig } from "../../../src/server/config/config.ts";
import { webVitalWeeks } from "../../../src/server/db/schema/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { weeklyWebVitals } from "../../../src/server/web-vitals/service.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { limits } from "../../../src/shared/limits.ts";
import { WEB_VITALS_META } from "../../../src/shared/web-vitals.ts";
import { startTestServer } from "../../support/server.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { makeAdmin, makeUser, rest, trpcCall, trpcData } from "../admin/support.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const NOW = Date.UTC(2026, 10, 26, 12); // a Thursday
const clock = manualClock(NOW);

const server = setUpTestServer({ METRICS_TOKEN: TOKEN }, clock);

const report = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/web-vitals`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(server.url).origin, ...headers },
    body,
  });

async function metrics(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return res.text();
}

const line = (text: string, start: string) => text.split("\n").find((l) => l.startsWith(start));
const rows = () => server.deps.db.select().from(webVitalWeeks).all();

describe("POST /api/web-vitals", () => {
  test("a report is counted per route in /metrics and in this week's buckets, without the path", async () => {
    const res = await report(
      JSON.stringify({ path: "/playlists/mood", lcp: 1830, inp: 96, cls: 0.02, fid: 12 }),
    );
    expect(res.status).toBe(204);
    const text = await metrics();
    expect(line(text, 'crate_web_vital_seconds_count{metric="lcp",route="/playlists/*"}')).toEndWith(" 1");
    expect(
      line(text, 'crate_web_vital_seconds_bucket{le="2.5",metric="lcp",route="/playlists/*"}'),
    ).toEndWith(" 1");
    expect(
      line(text, 'crate_web_vital_seconds_bucket{le="1.8",metric="lcp",route="/playlists/*"}'),
    ).toEndWith(" 0");
    expect(line(text, 'crate_web_vital_layout_shift_count{route="/playlists/*"}')).toEndWith(" 1");
    expect(
      rows()
        .map((r) => `${r.week} ${r.route} ${r.metric} ${r.reports}`)
        .sort(),
    ).toEqual([
      "2026-11-23 /playlists/* cls 1",
      "2026-11-23 /playlists/* fid 1",
      "2026-11-23 /playlists/* inp 1",
      "2026-11-23 /playlists/* lcp 1",
    ]);
  });

  test("the weekly 75th percentile reads the buckets of every route", async () => {
    for (const lcp of [900, 1100, 1400])
      expect((await report(JSON.stringify({ path: "/", lcp }))).status).toBe(204);
    const weekly = weeklyWebVitals(server.deps);
    const thisWeek = weekly.lcp.at(-1);
    // 900, 1100, 1400, 1830: the third of four is in the bucket up to 1500 ms
    expect(thisWeek).toEqual({ week: "2026-11-23", p75: 1500, reports: 4 });
    expect(weekly.lcp).toHaveLength(12);
    expect(weekly.lcp[0]?.p75).toBeNull();
  });

  test("bad, oversized and cross-site reports are refused and nothing is kept", async () => {
    const before = JSON.stringify(rows());
    const bad = [
      "not json",
      JSON.stringify({ path: "/" }),
      JSON.stringify({ path: "/", lcp: -1 }),
      JSON.stringify({ path: "/", lcp: "fast" }),
      JSON.stringify({ path: "/", lcp: 100, visitor: "abc" }),
      JSON.stringify({ path: "faq", lcp: 100 }),
    ];
    for (const body of bad) {
      const res = await report(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errorCode: number }).errorCode).toBe(ErrorCode.BadRequest);
    }
    const big = await report(JSON.stringify({ path: `/${"a".repeat(600)}`, lcp: 100 }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { errorCode: number }).errorCode).toBe(ErrorCode.PayloadTooLarge);
    const crossSite = await report(JSON.stringify({ path: "/", lcp: 100 }), {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const plainText = await report(JSON.stringify({ path: "/", lcp: 100 }), { "content-type": "text/plain" });
    expect(plainText.status).toBe(415);
    expect(JSON.stringify(rows())).toBe(before);
  });

  test("the weekly figures are for admins only, through REST and tRPC alike", async () => {
    const listener = makeUser(server.deps);
    const admin = makeAdmin(server.deps);
    expect((await rest(server.url, "GET", "/api/admin/web-vitals")).status).toBe(401);
    expect((await rest(server.url, "GET", "/api/admin/web-vitals", listener.cookie)).status).toBe(403);
    const answer = await rest(server.url, "GET", "/api/admin/web-vitals", admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.body.lcp.at(-1)).toEqual({ week: "2026-11-23", p75: 1500, reports: 4 });
    const viaTrpc = await trpcCall(server.url, "query", "admin.webVitals", undefined, admin.cookie);
    expect(trpcData(viaTrpc)).toEqual(answer.body);
    expect((await trpcCall(server.url, "query", "admin.webVitals", undefined, listener.cookie)).status).toBe(
      403,
    );
  });
});

describe("security: anonymous reports are limited", () => {
  const from = (address: string, lcp = 60_000) =>
    report(JSON.stringify({ path: "/", lcp }), { "x-forwarded-for": address });
  const counted = () => rows().reduce((sum, r) => sum + (r.metric === "lcp" ? r.reports : 0), 0);

  test("one address counts a few reports an hour, then 429 (errorCode 42); other addresses still count", async () => {
    clock.advance(2 * 3_600_000);
    const before = counted();
    const perAddress = limits.webVitalsPerAddressPerHour;
    for (let i = 0; i < perAddress; i++) expect((await from("198.51.100.7")).status).toBe(204);
    const refused = await from("198.51.100.7");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(ErrorCode.RateLimited);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect((await from("198.51.100.8", 900)).status).toBe(204);
    expect(counted()).toBe(before + perAddress + 1);
    // an hour later the address counts again
    clock.advance(3_600_000);
    expect((await from("198.51.100.7")).status).toBe(204);
  });

  test("all addresses together count a bounded number of reports a minute, each a write", async () => {
    clock.advance(2 * 3_600_000);
    const before = counted();
    const perMinute = limits.webVitalsPerMinute;
    let accepted = 0;
    for (let i = 0; i < perMinute + 20; i++)
      if ((await from(`2001:db8::${i.toString(16)}`)).status === 204) accepted++;
    expect(accepted).toBe(perMinute);
    expect(counted()).toBe(before + perMinute);
    clock.advance(60_000);
    expect((await from("2001:db8::ffff")).status).toBe(204);
  });
});

describe("WEB_VITALS_SAMPLE_RATE", () => {
  test("below 1, every page carries it for the page's own sampling; 1 (the default) adds nothing", async () => {
    const sampled = await startTestServer({ WEB_VITALS_SAMPLE_RATE: "0.25" });
    try {
      for (const path of ["/", "/faq", "/settings"]) {
        const page = await (await fetch(`${sampled.url}${path}`)).text();
        expect(page).toContain(`<meta name="${WEB_VITALS_META}" content="0.25">`);
      }
    } finally {
      await sampled.dispose();
    }
    expect(await (await fetch(`${server.url}/faq`)).text()).not.toContain(WEB_VITALS_META);
  }, 60_000);

  test("a rate outside 0..1 is refused at start", () => {
    expect(() => parseConfig({ WEB_VITALS_SAMPLE_RATE: "1.5" })).toThrow(/WEB_VITALS_SAMPLE_RATE/);
    expect(() => parseConfig({ WEB_VITALS_SAMPLE_RATE: "often" })).toThrow(/WEB_VITALS_SAMPLE_RATE/);
    expect(parseConfig({}).webVitalsSampleRate).toBe(1);
  });
});
