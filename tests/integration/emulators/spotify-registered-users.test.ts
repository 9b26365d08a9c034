// Development mode's registered users and renamed Spotify ids in the Spotify emulator.
import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { tempDir } from "../../support/server.ts";
import { API, CONTROL, signIn, type TestEmulator, testEmulator } from "./spotify-support.ts";

let emulator: TestEmulator;
afterEach(() => emulator.close());

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const me = (token: string) => emulator.fetch(`${API}/me`, { headers: { authorization: `Bearer ${token}` } });

describe("registered users (development mode)", () => {
  test("unrestricted at first, with the demo listeners on the list", async () => {
    emulator = testEmulator();
    const res = await emulator.fetch(`${CONTROL}/registered-users`);
    expect(await res.json()).toEqual({
      restricted: false,
      users: ["crate-free", "crate-premium", "crate-admin", "crate-ending", "crate-curator"],
      limit: 5,
    });
  });

  test("once restricted, an account not on the list gets Spotify's 403 for /me and every Web API call", async () => {
    emulator = testEmulator();
    emulator.control.createListener({ id: "stranger", likes: 3 });
    const stranger = await signIn(emulator, "stranger");
    const demo = await signIn(emulator, "crate-free");
    expect((await me(stranger.access_token)).status).toBe(200);

    const put = await emulator.fetch(`${CONTROL}/registered-users`, json("PUT", {}));
    expect(await put.json()).toMatchObject({
      restricted: true,
      users: ["crate-free", "crate-premium", "crate-admin", "crate-ending", "crate-curator"],
    });

    const refused = await me(stranger.access_token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        status: 403,
        message: "Check settings on developer.spotify.com/dashboard, the user may not be registered.",
      },
    });
    const tracks = await emulator.fetch(`${API}/me/tracks`, {
      headers: { authorization: `Bearer ${stranger.access_token}` },
    });
    expect(tracks.status).toBe(403);
    expect((await me(demo.access_token)).status).toBe(200);

    // The operator registers the stranger (replacing the list); the demo listener is out now.
    await emulator.fetch(`${CONTROL}/registered-users`, json("PUT", { users: ["stranger"] }));
    expect((await me(stranger.access_token)).status).toBe(200);
    expect((await me(demo.access_token)).status).toBe(403);

    await emulator.fetch(`${CONTROL}/registered-users`, json("DELETE"));
    expect((await me(demo.access_token)).status).toBe(200);
  });

  test("at most 5 registered users", async () => {
    emulator = testEmulator();
    const res = await emulator.fetch(
      `${CONTROL}/registered-users`,
      json("PUT", { users: ["a", "b", "c", "d", "e", "f"] }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/users/);
    const five = await emulator.fetch(
      `${CONTROL}/registered-users`,
      json("PUT", { users: ["a", "b", "c", "d", "e"], restricted: false }),
    );
    expect(five.status).toBe(200);
  });
});

describe("account_id and renamed ids", () => {
  test("/me's account_id is stable and distinct from id; a rename changes only the id", async () => {
    emulator = testEmulator();
    emulator.control.createListener({ id: "old-name", likes: 2 });
    const tokens = await signIn(emulator, "old-name");
    const before = (await (await me(tokens.access_token)).json()) as Record<string, string>;
    expect(before.id).toBe("old-name");
    expect(before.account_id).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(before.account_id).not.toBe(before.id);

    const rename = await emulator.fetch(
      `${CONTROL}/listeners/old-name/rename`,
      json("POST", { id: "new-name" }),
    );
    expect(rename.status).toBe(200);
    const after = (await (await me(tokens.access_token)).json()) as Record<string, string>;
    expect(after.id).toBe("new-name");
    expect(after.uri).toBe("spotify:user:new-name");
    expect(after.account_id).toBe(before.account_id ?? "");

    const other = (await (await me((await signIn(emulator, "crate-free")).access_token)).json()) as Record<
      string,
      string
    >;
    expect(other.account_id).not.toBe(before.account_id ?? "");
  });

  test("a rename to a taken id is 409, to a malformed one 400, of an unknown listener 404", async () => {
    emulator = testEmulator();
    emulator.control.createListener({ id: "renamer", likes: 1 });
    const rename = (listener: string, id: string) =>
      emulator.fetch(`${CONTROL}/listeners/${listener}/rename`, json("POST", { id }));
    expect((await rename("renamer", "crate-free")).status).toBe(409);
    expect((await rename("renamer", "bad id!")).status).toBe(400);
    expect((await rename("nobody", "fresh")).status).toBe(404);
  });

  test("renames and the registered list survive a restart", async () => {
    const dir = tempDir();
    const statePath = `${dir}/spotify.db`;
    emulator = testEmulator({ statePath });
    emulator.control.createListener({ id: "keeper", likes: 1 });
    await emulator.fetch(`${CONTROL}/listeners/keeper/rename`, json("POST", { id: "keeper-2" }));
    await emulator.fetch(`${CONTROL}/registered-users`, json("PUT", { users: ["keeper"] }));
    emulator.close();

    emulator = testEmulator({ statePath });
    const tokens = await signIn(emulator, "keeper");
    const profile = (await (await me(tokens.access_token)).json()) as Record<string, string>;
    expect(profile.id).toBe("keeper-2");
    const list = await emulator.fetch(`${CONTROL}/registered-users`);
    expect(await list.json()).toMatchObject({ restricted: true, users: ["keeper"] });
    emulator.close();
    rmSync(dir, { recursive: true, force: true });
    emulator = testEmulator();
  });
});
