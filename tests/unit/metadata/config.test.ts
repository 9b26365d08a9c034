// METADATA_SOURCES and the source URLs: defaults, demo-mode emulators, and a clear line for a bad value.
import { describe, expect, test } from "bun:test";
import { ConfigError, parseConfig } from "../../../src/server/config/config.ts";

describe("metadata configuration", () => {
  test("defaults: every source in order, the public services in real mode, the emulators in demo mode", () => {
    const real = parseConfig({
      SPOTIFY_CLIENT_ID: "id",
      SPOTIFY_CLIENT_SECRET: "secret",
      PUBLIC_URL: "https://crate.example",
      PREMIUM: "off",
    });
    expect(real.metadata).toEqual({
      sources: ["spotify", "reccobeats", "musicbrainz", "deezer"],
      urls: {
        reccobeats: "https://api.reccobeats.com/v1",
        musicbrainz: "https://musicbrainz.org/ws/2",
        deezer: "https://api.deezer.com",
      },
      contact: "https://crate.example",
    });
    const demo = parseConfig({ PORT: "4000" });
    expect(demo.metadata.urls).toEqual({
      reccobeats: "http://127.0.0.1:4000/emulator/reccobeats/v1",
      musicbrainz: "http://127.0.0.1:4000/emulator/musicbrainz/ws/2",
      deezer: "http://127.0.0.1:4000/emulator/deezer",
    });
    expect(parseConfig({ DEEZER_URL: "http://deezer.test/" }).metadata.urls.deezer).toBe(
      "http://deezer.test",
    );
    expect(() => parseConfig({ DEEZER_URL: "not a url" })).toThrow(/DEEZER_URL/);
    expect(demo.spotifyEmulatorApp).toBe("development");
  });

  test("a chosen order, spaces and case forgiven; an unknown or repeated source is one clear line", () => {
    expect(parseConfig({ METADATA_SOURCES: " Spotify , deezer" }).metadata.sources).toEqual([
      "spotify",
      "deezer",
    ]);
    expect(() => parseConfig({ METADATA_SOURCES: "spotify,lastfm" })).toThrow(ConfigError);
    expect(() => parseConfig({ METADATA_SOURCES: "spotify,lastfm" })).toThrow(
      /^Invalid configuration: METADATA_SOURCES/,
    );
    expect(() => parseConfig({ METADATA_SOURCES: "deezer,deezer" })).toThrow(
      /METADATA_SOURCES names a source twice/,
    );
  });
});
