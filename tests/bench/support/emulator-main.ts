// The Spotify emulator alone in its own process, so the figures measured in the benchmark process are Crate's.
// Listens on 127.0.0.1 only, prints one JSON line with its origin, then serves until killed. Besides the
// emulator's own paths it answers GET/DELETE /bench/statuses: Web API answers by status code (429s included),
// which the emulator's call log does not tell apart.
import { createSpotifyEmulator } from "../../../src/emulators/spotify/index.ts";

const [clientId = "", clientSecret = ""] = process.argv.slice(2);
const emulator = createSpotifyEmulator({ clientId, clientSecret });
let statuses: Record<string, number> = {};

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/bench/statuses") {
      if (req.method === "DELETE") statuses = {};
      return Response.json(statuses);
    }
    const res = await emulator.app.fetch(req);
    if (path.startsWith("/emulator/spotify/v1/")) {
      const key = String(res.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return res;
  },
});
console.log(JSON.stringify({ origin: `http://127.0.0.1:${server.port}` }));
