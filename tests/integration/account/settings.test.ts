import { describe, expect, test } from "bun:test";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { createCallerFactory, createContextInner } from "../../../src/server/trpc/core/init.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient, seedUser } from "./seed.ts";

const server = setUpTestServer();

const PATH = "/api/playlist-preferences/settings";

describe("playlist settings", () => {
  test("happy: defaults (AddRecordingOnce off), then the values stored together", async () => {
    const user = seedUser(server.deps);
    const api = apiClient(server.url, user.cookie);
    expect((await api("GET", PATH)).json).toEqual({
      settings: [
        { name: "CreatePlaylistsAsPrivate", value: false },
        { name: "RemovePlaylistPostfix", value: false },
        { name: "AddRecordingOnce", value: false },
      ],
    });
    const put = await api("PUT", PATH, { createPlaylistsAsPrivate: true, removePlaylistPostfix: false });
    expect(put.status).toBe(200);
    expect((await api("GET", PATH)).json).toEqual({
      settings: [
        { name: "CreatePlaylistsAsPrivate", value: true },
        { name: "RemovePlaylistPostfix", value: false },
        { name: "AddRecordingOnce", value: false },
      ],
    });
    await api("PUT", PATH, { createPlaylistsAsPrivate: false, removePlaylistPostfix: true });
    expect((await api("GET", PATH)).json).toEqual({
      settings: [
        { name: "CreatePlaylistsAsPrivate", value: false },
        { name: "RemovePlaylistPostfix", value: true },
        { name: "AddRecordingOnce", value: false },
      ],
    });
  });

  test("validation: a value that is not a boolean is 400 code 1 naming the field", async () => {
    const user = seedUser(server.deps);
    const api = apiClient(server.url, user.cookie);
    const unknown = await api("PUT", PATH, { createPlaylistsAsPrivate: true, removePlaylist: true });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errorCode).toBe(1);
    const wrongType = await api("PUT", PATH, {
      createPlaylistsAsPrivate: "yes",
      removePlaylistPostfix: false,
    });
    expect(wrongType.status).toBe(400);
    expect(String(wrongType.json.error)).toContain("createPlaylistsAsPrivate");
    expect((await api("GET", PATH)).json).toMatchObject({
      settings: [{ value: false }, { value: false }, { value: false }],
    });
  });

  test("security: signed out is 401 code 6; one user's settings are not another's", async () => {
    const signedOut = apiClient(server.url);
    expect((await signedOut("GET", PATH)).json.errorCode).toBe(6);
    const put = await signedOut("PUT", PATH, { createPlaylistsAsPrivate: true, removePlaylistPostfix: true });
    expect(put.status).toBe(401);
    const a = seedUser(server.deps);
    const b = seedUser(server.deps);
    await apiClient(server.url, a.cookie)("PUT", PATH, {
      createPlaylistsAsPrivate: true,
      removePlaylistPostfix: true,
    });
    expect((await apiClient(server.url, b.cookie)("GET", PATH)).json).toMatchObject({
      settings: [{ value: false }, { value: false }, { value: false }],
    });
  });

  test("tRPC get and update reach the same settings", async () => {
    const user = seedUser(server.deps);
    const caller = createCallerFactory(appRouter)(
      createContextInner({ deps: server.deps, sessionToken: user.cookie.split("=")[1] }),
    );
    await caller.settings.update({ createPlaylistsAsPrivate: true, removePlaylistPostfix: true });
    expect(await caller.settings.get()).toEqual({
      settings: [
        { name: "CreatePlaylistsAsPrivate", value: true },
        { name: "RemovePlaylistPostfix", value: true },
        { name: "AddRecordingOnce", value: false },
      ],
    });
    expect((await apiClient(server.url, user.cookie)("GET", PATH)).json).toEqual(await caller.settings.get());
  });

  test("a PUT changes only the fields it carries; the others keep their stored values", async () => {
    const user = seedUser(server.deps);
    const api = apiClient(server.url, user.cookie);
    await api("PUT", PATH, {
      createPlaylistsAsPrivate: true,
      removePlaylistPostfix: true,
      addRecordingOnce: true,
    });
    // A client that knows only the spec's two fields (or a second tab) leaves AddRecordingOnce as it is.
    const specOnly = await api("PUT", PATH, { createPlaylistsAsPrivate: false, removePlaylistPostfix: true });
    expect(specOnly.status).toBe(200);
    const expected = {
      settings: [
        { name: "CreatePlaylistsAsPrivate", value: false },
        { name: "RemovePlaylistPostfix", value: true },
        { name: "AddRecordingOnce", value: true },
      ],
    };
    expect(specOnly.json).toEqual(expected);
    expect((await api("GET", PATH)).json).toEqual(expected);
    const one = await api("PUT", PATH, { removePlaylistPostfix: false });
    expect(one.status).toBe(200);
    expect((await api("GET", PATH)).json).toEqual({
      settings: [
        { name: "CreatePlaylistsAsPrivate", value: false },
        { name: "RemovePlaylistPostfix", value: false },
        { name: "AddRecordingOnce", value: true },
      ],
    });
  });

  test("AddRecordingOnce: optional, stored with the others; off until asked for; not a boolean is 400", async () => {
    const user = seedUser(server.deps);
    const api = apiClient(server.url, user.cookie);
    const on = await api("PUT", PATH, {
      createPlaylistsAsPrivate: false,
      removePlaylistPostfix: true,
      addRecordingOnce: true,
    });
    expect(on.json).toEqual({
      settings: [
        { name: "CreatePlaylistsAsPrivate", value: false },
        { name: "RemovePlaylistPostfix", value: true },
        { name: "AddRecordingOnce", value: true },
      ],
    });
    expect((await api("GET", PATH)).json).toEqual(on.json);
    const wrong = await api("PUT", PATH, {
      createPlaylistsAsPrivate: false,
      removePlaylistPostfix: true,
      addRecordingOnce: "yes",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errorCode).toBe(1);
    expect(String(wrong.json.error)).toContain("addRecordingOnce");
    await api("PUT", PATH, {
      createPlaylistsAsPrivate: false,
      removePlaylistPostfix: true,
      addRecordingOnce: false,
    });
    expect((await api("GET", PATH)).json).toMatchObject({
      settings: [{ value: false }, { value: true }, { name: "AddRecordingOnce", value: false }],
    });
  });
});
