// Real mode against a Spotify app of its own: the doctor and the start-up guide check the same registration.
import { startSpotifyEmulatorServer } from "../../../src/emulators/spotify/server.ts";

/**
 * A Spotify app (the emulator on its own port) that registered only https://crate.example.org's callback, and
 * Crate's real-mode settings for it (no Premium, Spotify as the only metadata source). Stop `spotify` after use.
 */
export function spotifyAppOfCrateExample() {
  const spotify = startSpotifyEmulatorServer({
    port: 0,
    clientId: "my-app",
    clientSecret: "my-app-secret",
    catalogueSize: { artists: 20, tracks: 200 },
    redirectUris: ["https://crate.example.org/api/authorize/callback"],
  });
  const env = {
    SPOTIFY_CLIENT_ID: "my-app",
    SPOTIFY_CLIENT_SECRET: "my-app-secret",
    SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
    SPOTIFY_API_URL: spotify.apiUrl,
    PREMIUM: "off",
    METADATA_SOURCES: "spotify",
  };
  return { spotify, env };
}
