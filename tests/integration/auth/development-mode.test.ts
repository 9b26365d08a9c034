// Spotify's development mode at sign-in: accounts the operator has not registered get a clear message, and
// accounts are linked by /me's immutable account_id, so a renamed Spotify user keeps their Crate account.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loginErrorMessage } from "../../../src/shared/auth.ts";
import { apiJson, type CrateWithSpotify, control, signIn, startCrateWithSpotify } from "./flow.ts";

let h: CrateWithSpotify;
beforeAll(async () => {
  h = await startCrateWithSpotify();
});
afterAll(async () => {
  await h?.dispose();
});

const newListener = (id: string) => h.spotify.control.createListener({ id, likes: 3 });
const userRow = (spotifyId: string) =>
  h.crate.deps.db.$client
    .query<{ id: string; account_id: string | null; time_zone: string | null }, [string]>(
      "SELECT id, account_id, time_zone FROM users WHERE spotify_id = ?",
    )
    .get(spotifyId);
const userCount = () =>
  h.crate.deps.db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM users").get()?.n ?? 0;
async function signedInUserId(listener: string, start?: string): Promise<string> {
  const steps = await signIn(h.crate.url, listener, start ? { start } : {});
  expect(steps.landedOn).toBe("/");
  const me = await apiJson(h.crate.url, "/api/user/id", steps.jar);
  return String(me.body.userId);
}

describe("an account the Spotify app has not registered", () => {
  test("lands on /login with a message saying what happened and what the operator does", async () => {
    newListener("dev-stranger");
    newListener("dev-friend");
    const put = await control(h.spotify.url, "PUT", "/registered-users", { users: ["dev-friend"] });
    expect(put.status).toBe(200);
    try {
      const before = userCount();
      const steps = await signIn(h.crate.url, "dev-stranger");
      expect(steps.landedOn).toBe("/login?error=not_registered");
      expect(steps.jar.values.has("crate_session")).toBe(false);
      expect(userCount()).toBe(before);
      const text = loginErrorMessage("not_registered") ?? "";
      expect(text).toContain("development mode");
      expect(text).toContain("User Management");
      expect(text).toContain("at most 5 users");

      // A registered account signs in as usual.
      await signedInUserId("dev-friend");
    } finally {
      await control(h.spotify.url, "DELETE", "/registered-users");
    }
  });
});

describe("accounts linked by account_id", () => {
  test("a renamed Spotify user keeps their Crate account", async () => {
    newListener("rename-me");
    const userId = await signedInUserId("rename-me");
    const linked = userRow("rename-me");
    expect(linked?.account_id).toMatch(/^[0-9A-Za-z]{10}$/);

    const rename = await control(h.spotify.url, "POST", "/listeners/rename-me/rename", { id: "renamed-you" });
    expect(rename.status).toBe(200);
    const users = userCount();
    expect(await signedInUserId("rename-me")).toBe(userId);
    expect(userCount()).toBe(users);
    expect(userRow("rename-me")).toBeNull();
    expect(userRow("renamed-you")).toEqual({
      id: userId,
      account_id: linked?.account_id ?? "",
      time_zone: null,
    });
  });

  test("a user from before account ids is matched by Spotify id on the next sign-in, and linked then", async () => {
    newListener("long-time");
    const userId = await signedInUserId("long-time");
    h.crate.deps.db.$client.query("UPDATE users SET account_id = NULL WHERE id = ?").run(userId);

    expect(await signedInUserId("long-time")).toBe(userId);
    const accountId = userRow("long-time")?.account_id;
    expect(accountId).toMatch(/^[0-9A-Za-z]{10}$/);

    await control(h.spotify.url, "POST", "/listeners/long-time/rename", { id: "long-time-2" });
    expect(await signedInUserId("long-time")).toBe(userId);
  });
});

describe("the browser's time zone at sign-in", () => {
  test("is stored at the first sign-in that brings one; later sign-ins do not overwrite it", async () => {
    newListener("kiwi");
    const userId = await signedInUserId("kiwi", "/api/authorize?timeZone=Pacific%2FAuckland");
    expect(userRow("kiwi")?.time_zone).toBe("Pacific/Auckland");
    expect(await signedInUserId("kiwi", "/api/authorize?timeZone=Europe%2FBerlin")).toBe(userId);
    expect(userRow("kiwi")?.time_zone).toBe("Pacific/Auckland");
  });

  test("a time zone that is no IANA name is dropped (UTC until known), and the sign-in still works", async () => {
    newListener("nowhere");
    await signedInUserId("nowhere", "/api/authorize?timeZone=Mars%2FOlympus");
    expect(userRow("nowhere")?.time_zone).toBeNull();
    await signedInUserId("nowhere", "/api/authorize?timeZone=%2B02%3A00");
    expect(userRow("nowhere")?.time_zone).toBeNull();
    await signedInUserId("nowhere", "/api/authorize?timeZone=america%2Fnew_york");
    expect(userRow("nowhere")?.time_zone).toBe("America/New_York");
  });
});

describe("deleted data and a renamed Spotify user", () => {
  test("a listener who deleted their data and comes back under a new Spotify id is still held back (code 21)", async () => {
    newListener("leaver");
    const steps = await signIn(h.crate.url, "leaver");
    const deleted = await apiJson(h.crate.url, "/api/user/delete-data", steps.jar, {
      method: "POST",
      headers: { origin: h.crate.url },
    });
    expect(deleted.status).toBe(200);
    await control(h.spotify.url, "POST", "/listeners/leaver/rename", { id: "leaver-renamed" });

    await signedInUserId("leaver");
    const row = h.crate.deps.db.$client
      .query<{ blocked: number | null }, [string]>(
        "SELECT creation_blocked_until AS blocked FROM users WHERE spotify_id = ?",
      )
      .get("leaver-renamed");
    expect(row?.blocked).toBeGreaterThan(Date.now());
  });
});
