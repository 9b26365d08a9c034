// The Spotify emulator alone in this process, so the benchmark's CPU and memory figures are Crate's own.
// Prints one JSON line with its URLs, then serves until killed.
import { startSpotifyEmulatorServer } from "../../src/emulators/spotify/server.ts";

const [clientId = "", clientSecret = ""] = process.argv.slice(2);
const server = startSpotifyEmulatorServer({ port: 0, clientId, clientSecret });
console.log(JSON.stringify({ url: server.url, accountsUrl: server.accountsUrl, apiUrl: server.apiUrl }));
