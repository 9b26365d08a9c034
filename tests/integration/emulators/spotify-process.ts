// Runs the Spotify emulator alone in this process (for tests that kill it): prints its URL once it listens.
import { startSpotifyEmulatorServer } from "../../../src/emulators/spotify/server.ts";

const [statePath] = process.argv.slice(2);
const server = startSpotifyEmulatorServer({ port: 0, clientId: "c", clientSecret: "s", statePath });
console.log(server.url);
