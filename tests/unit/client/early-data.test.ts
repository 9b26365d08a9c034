import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTrpcClient } from "../../../src/client/api/trpc.ts";
import { answeredEarly, askEarly } from "../../../src/client/lib/early-data.ts";

// The shell's first script asks for the session and the Playlists page's data; the app's tRPC link takes those
// answers instead of asking the server again.

const ORIGIN = "http://crate.test";
const ME = { userId: "u1", spotifyId: "s1", membershipLevel: "Free" as const, isAdmin: false };
const realFetch = globalThis.fetch;
const scope = globalThis as unknown as { window?: unknown };
let asked: string[] = [];

function serve(answers: Record<string, unknown>) {
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input), ORIGIN);
    asked.push(url.pathname);
    const paths = url.pathname.replace("/api/trpc/", "").split(",");
    return Response.json(paths.map((path) => answers[path] ?? { error: { message: "unknown" } }));
  }) as typeof fetch;
}

/** Takes whatever early answers are left, so each test starts with none. */
async function drain() {
  for (const path of ["user.me", "distribution.listenerPreferences", "playlists.overview"]) {
    await answeredEarly(`/api/trpc/${path}?batch=1&input=%7B%7D`);
  }
}

beforeEach(() => {
  asked = [];
  scope.window = { location: { origin: ORIGIN } };
});
afterEach(async () => {
  await drain();
  globalThis.fetch = realFetch;
  delete scope.window;
});

describe("early data", () => {
  test("a signed-in listener's session and Playlists data are asked for once, and the app's link takes them", async () => {
    serve({
      "user.me": { result: { data: ME } },
      "distribution.listenerPreferences": { result: { data: { playlistPreferences: ["Happy"] } } },
      "playlists.overview": { result: { data: { playlists: [] } } },
    });
    askEarly("/playlists");
    const client = createTrpcClient();
    // the app's own requests, as its tRPC link builds them
    const me = await client.user.me.query();
    const [preferences, overview] = await Promise.all([
      client.distribution.listenerPreferences.query(),
      client.playlists.overview.query(),
    ]);
    expect(me).toEqual(ME);
    expect<unknown>(preferences).toEqual({ playlistPreferences: ["Happy"] });
    expect<unknown>(overview).toEqual({ playlists: [] });
    expect(asked).toEqual([
      "/api/trpc/user.me",
      "/api/trpc/distribution.listenerPreferences,playlists.overview",
    ]);
    // taken once: the next poll asks the server
    await client.playlists.overview.query();
    expect(asked).toHaveLength(3);
  });

  test("for a visitor who is not signed in only the session is asked for", async () => {
    serve({ "user.me": { result: { data: null } } });
    askEarly("/playlists");
    const client = createTrpcClient();
    expect(await client.user.me.query()).toBeNull();
    await Promise.resolve();
    expect(
      await answeredEarly(
        "/api/trpc/distribution.listenerPreferences,playlists.overview?batch=1&input=%7B%7D",
      ),
    ).toBeUndefined();
    expect(asked).toEqual(["/api/trpc/user.me"]);
  });

  test("other pages get the session early, not the Playlists data", async () => {
    serve({ "user.me": { result: { data: ME } } });
    askEarly("/settings");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual(["/api/trpc/user.me"]);
    expect(await answeredEarly("/api/trpc/playlists.overview?batch=1&input=%7B%7D")).toBeUndefined();
  });

  test("an early error is not handed on: the app asks the server itself", async () => {
    serve({ "user.me": { result: { data: ME } } });
    askEarly("/playlists");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await answeredEarly("/api/trpc/user.me?batch=1&input=%7B%7D")).toBeInstanceOf(Response);
    // the page's queries were answered with errors
    expect(
      await answeredEarly(
        "/api/trpc/distribution.listenerPreferences,playlists.overview?batch=1&input=%7B%7D",
      ),
    ).toBeUndefined();
  });

  test("a query with an input, or one not asked early, is never answered early", async () => {
    serve({ "user.me": { result: { data: ME } } });
    askEarly("/");
    expect(await answeredEarly("/api/trpc/user.me?batch=1&input=%7B%220%22%3A1%7D")).toBeUndefined();
    expect(await answeredEarly("/api/trpc/billing.pricing?batch=1&input=%7B%7D")).toBeUndefined();
    expect(await answeredEarly("/api/trpc/user.me?batch=1&input=%7B%7D")).toBeInstanceOf(Response);
  });
});
