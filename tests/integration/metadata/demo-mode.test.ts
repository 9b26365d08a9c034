// Demo mode mounts the metadata emulators and, by default, a Spotify emulator that behaves like a development-mode
// app of 2026; Crate's metadata clients point at the mounted emulators.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";

let crate: TestServer;
beforeAll(async () => {
  // The defaults of demo mode (the shared test support asks for the older behaviour unless told otherwise).
  crate = await startTestServer({
    SPOTIFY_EMULATOR_APP: "development",
    METADATA_SOURCES: "spotify,reccobeats,musicbrainz,deezer",
  });
});
afterAll(async () => {
  await crate.dispose();
});

const agent = { "User-Agent": "Crate/0.1.0 ( demo@crate.example )", Accept: "application/json" };

test("the metadata emulators answer at their demo paths, where Crate's clients point", async () => {
  const { metadata } = crate.deps.config;
  expect(metadata.urls.reccobeats).toBe(`${crate.deps.config.publicUrl}/emulator/reccobeats/v1`);
  expect(metadata.urls.musicbrainz).toBe(`${crate.deps.config.publicUrl}/emulator/musicbrainz/ws/2`);
  expect(metadata.urls.deezer).toBe(`${crate.deps.config.publicUrl}/emulator/deezer`);
  const recco = await fetch(`${crate.url}/emulator/reccobeats/v1/audio-features?ids=0000000000000000000000`, {
    headers: agent,
  });
  expect(await recco.json()).toEqual({ content: [] });
  const tooMany = Array.from({ length: 41 }, () => "0000000000000000000000").join(",");
  const refused = await fetch(`${crate.url}/emulator/reccobeats/v1/audio-features?ids=${tooMany}`, {
    headers: agent,
  });
  expect(refused.status).toBe(400);
  const mb = await fetch(`${crate.url}/emulator/musicbrainz/ws/2/isrc/NOTANISRC?fmt=json`, {
    headers: agent,
  });
  expect(mb.status).toBe(400);
  const deezer = await fetch(`${crate.url}/emulator/deezer/track/isrc:ZZZZZ9999999`, { headers: agent });
  expect(await deezer.json()).toEqual({ error: { type: "DataException", message: "no data", code: 800 } });
});

test("the demo's Spotify app is a development-mode app of 2026", async () => {
  const control = await fetch(`${crate.url}/emulator/spotify/control/app`);
  expect(await control.json()).toEqual({ app: "development" });
});
