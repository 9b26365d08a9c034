// The doctor's rules that need no provider: Spotify's loopback rule for redirect URIs, and the clock compared with
// the providers' Date headers (a stub provider answers with its clock set off).
import { expect, test } from "bun:test";
import { parseConfig } from "../../../src/server/config/config.ts";
import { runDoctor } from "../../../src/server/doctor/run.ts";
import { loopbackRuleProblem } from "../../../src/server/doctor/spotify.ts";

test("Spotify's rule: https anywhere, http only on a loopback address literal, never localhost", () => {
  expect(loopbackRuleProblem("https://crate.example.org/api/authorize/callback")).toBeUndefined();
  expect(loopbackRuleProblem("http://127.0.0.1:3000/api/authorize/callback")).toBeUndefined();
  expect(loopbackRuleProblem("http://[::1]:3000/api/authorize/callback")).toBeUndefined();
  expect(loopbackRuleProblem("http://localhost:3000/api/authorize/callback")).toContain(
    "set PUBLIC_URL=http://127.0.0.1:3000",
  );
  expect(loopbackRuleProblem("http://192.168.1.5:3000/api/authorize/callback")).toContain("https");
});

const config = parseConfig({
  SPOTIFY_CLIENT_ID: "app",
  SPOTIFY_CLIENT_SECRET: "secret",
  SPOTIFY_ACCOUNTS_URL: "https://accounts.example.test",
  PUBLIC_URL: "https://crate.example.org",
  PREMIUM: "off",
  METADATA_SOURCES: "spotify",
  DATABASE_PATH: ":memory:",
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
});

/** A provider whose clock is `offsetMs` from this machine's. */
const providerWithClock = (offsetMs: number) =>
  (async (input: string | URL | Request) => {
    const url = String(input);
    const headers = {
      date: new Date(Date.now() + offsetMs).toUTCString(),
      "content-type": "application/json",
    };
    if (url.endsWith("/api/token"))
      return new Response(JSON.stringify({ access_token: "t", token_type: "Bearer", expires_in: 3600 }), {
        headers,
      });
    return new Response("<html>login</html>", { status: 200, headers });
  }) as typeof fetch;

test("a clock within 30 s of the providers' passes; two minutes off is ✗ with the direction and what to do", async () => {
  const near = await runDoctor(config, { fetch: providerWithClock(5_000) });
  expect(near.results.find((r) => r.name === "Clock")?.outcome).toBe("ok");
  expect(near.passed).toBe(true);

  const ahead = await runDoctor(config, { fetch: providerWithClock(-120_000) });
  const clock = ahead.results.find((r) => r.name === "Clock");
  expect(clock?.outcome).toBe("failed");
  expect(clock?.detail).toMatch(/^12[01] s ahead of accounts\.example\.test/);
  expect(clock?.detail).toContain("NTP");
  expect(ahead.passed).toBe(false);
});
