// The emulator's Spotify of 2026: refresh tokens end six months after the authorization they came from (refreshing
// never extends them, a new authorization starts a new six months), one listener's grant can be ended now, and a
// developer account's quota answers Spotify's QUOTA_EXCEEDED body once spent.
import { afterAll, describe, expect, test } from "bun:test";
import { api, json, signIn, testEmulator, tokenCall } from "./spotify-support.ts";

const DAY = 86_400_000;
const emulator = testEmulator();
afterAll(() => emulator.close());

const refresh = (token: string) => tokenCall(emulator, { grant_type: "refresh_token", refresh_token: token });

describe("a grant lasts six months", () => {
  test("refreshing keeps working until six calendar months after the authorization, and does not extend it", async () => {
    emulator.clock.now = Date.UTC(2026, 7, 31, 12);
    const first = await signIn(emulator, "crate-free");
    let current = first.refresh_token as string;
    // Refresh every month: each answer works, rotated tokens included, but the end stays.
    for (let month = 1; month <= 5; month++) {
      emulator.clock.now += 30 * DAY;
      const res = await refresh(current);
      expect(res.status).toBe(200);
      current = ((await json<{ refresh_token?: string }>(res)).refresh_token ?? current) as string;
    }
    // 31 August + 6 months = 28 February (the month's last day), same time.
    emulator.clock.now = Date.UTC(2027, 1, 28, 12) - 1;
    expect((await refresh(current)).status).toBe(200);
    emulator.clock.now = Date.UTC(2027, 1, 28, 12);
    const refused = await refresh(current);
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toBe("invalid_grant");
    // A new authorization starts a new six months.
    const again = await signIn(emulator, "crate-free");
    expect((await refresh(again.refresh_token as string)).status).toBe(200);
  });

  test("the control ends one listener's grant now; the lifetime is configurable", async () => {
    const tokens = await signIn(emulator, "crate-premium");
    const other = await signIn(emulator, "crate-admin");
    expect(emulator.control.endGrant("crate-premium")).toBeGreaterThan(0);
    expect((await refresh(tokens.refresh_token as string)).status).toBe(400);
    expect((await refresh(other.refresh_token as string)).status).toBe(200);

    emulator.control.setGrantLifetime(60_000);
    const short = await signIn(emulator, "crate-premium");
    emulator.clock.now += 60_000;
    expect((await refresh(short.refresh_token as string)).status).toBe(400);
    emulator.control.setGrantLifetime(null);
  });
});

describe("the developer account's quota", () => {
  test("off by default; once spent, 429 with reason QUOTA_EXCEEDED until the period ends", async () => {
    const { access_token } = await signIn(emulator, "crate-free");
    expect(emulator.control.quota().settings.calls).toBeNull();
    emulator.control.setQuota({ calls: 2, periodSec: 60 });
    expect((await api(emulator, access_token, "GET", "/me")).status).toBe(200);
    expect((await api(emulator, access_token, "GET", "/me")).status).toBe(200);
    const spent = await api(emulator, access_token, "GET", "/me");
    expect(spent.status).toBe(429);
    expect(spent.headers.get("retry-after")).toBeNull();
    expect(await json(spent)).toEqual({
      error: { status: 429, message: "Too many requests", reason: "QUOTA_EXCEEDED" },
    });
    expect(emulator.control.quota()).toMatchObject({ used: 3, refused: 1 });
    emulator.clock.now += 60 * 1000;
    expect((await api(emulator, access_token, "GET", "/me")).status).toBe(200);

    emulator.control.setQuota({ calls: 100, periodSec: 60, retryAfterSec: 30 });
    emulator.control.exhaustQuota();
    const exhausted = await api(emulator, access_token, "GET", "/me");
    expect(exhausted.status).toBe(429);
    expect(exhausted.headers.get("retry-after")).toBe("30");
    emulator.control.setQuota({ calls: null });
    expect((await api(emulator, access_token, "GET", "/me")).status).toBe(200);
  });
});
