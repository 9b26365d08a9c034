import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cataloguePreferences } from "../../../src/shared/schemas/catalogue-preferences.ts";
import type { PlaylistPreferencesResponse } from "../../../src/shared/schemas/distribution.ts";
import type { TestServer } from "../../support/server.ts";
import { raw, startPolicyFixture } from "./support.ts";

// The playlists pages read the listener's part of the preferences on each view and take the catalogue's part (the
// bulk of the documented answer, the same for everyone of a level) from the bundle's shared catalogue.

let server: TestServer;
let cookie = "";
beforeAll(async () => {
  ({ server, cookie } = await startPolicyFixture("listener-prefs"));
}, 60_000);
afterAll(async () => {
  await server.dispose();
});

const identity = { "accept-encoding": "identity" };

describe("the preferences read per page view", () => {
  test("the listener's part with the bundle's catalogue is the documented answer, in a fraction of its bytes", async () => {
    const full = await raw(`${server.url}/api/playlist-preferences`, { headers: { cookie, ...identity } });
    expect(full.res.status).toBe(200);
    const documented = JSON.parse(new TextDecoder().decode(full.bytes)) as PlaylistPreferencesResponse;
    // the REST shape is unchanged: the catalogue is still in it
    expect(documented.availableSimplePlaylistPreferences.length).toBeGreaterThan(100);
    expect(documented.preferenceGroups.length).toBeGreaterThan(5);

    const part = await raw(`${server.url}/api/trpc/distribution.listenerPreferences`, {
      headers: { cookie, ...identity },
    });
    expect(part.res.status).toBe(200);
    const listener = JSON.parse(new TextDecoder().decode(part.bytes)).result.data;
    expect(listener.availableSimplePlaylistPreferences).toBeUndefined();
    expect(listener.preferenceGroups).toBeUndefined();
    expect({ ...cataloguePreferences(listener.membershipLevel), ...listener }).toEqual(documented);

    expect(full.bytes.byteLength).toBeGreaterThan(20_000);
    expect(part.bytes.byteLength).toBeLessThan(2_000);
  });

  test("a free listener's catalogue marks the premium entries unavailable, as the server does", async () => {
    const free = cataloguePreferences("Free").availableSimplePlaylistPreferences;
    const premium = cataloguePreferences("PremiumYearly").availableSimplePlaylistPreferences;
    expect(free.some((entry) => !entry.available)).toBe(true);
    expect(premium.every((entry) => entry.available)).toBe(true);
    expect(free.map((entry) => entry.name)).toEqual(premium.map((entry) => entry.name));
  });

  test("the listener's part needs a session", async () => {
    const res = await fetch(`${server.url}/api/trpc/distribution.listenerPreferences`);
    expect(res.status).toBe(401);
  });
});
