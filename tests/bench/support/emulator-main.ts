// The Spotify emulator alone in its own process, so the figures measured in the benchmark process are Crate's.
// Listens on 127.0.0.1 only, prints one JSON line with its origin, then serves until killed. Besides the
// emulator's own paths it answers GET/DELETE /bench/statuses: Web API answers by status code (429s included),
// which the emulator's call log does not tell apart; and PUT /bench/token-latency {ms}: a delay on token calls
// (the emulator's latency fault covers the Web API only), so a run can give every call a network round trip.
import { createSpotifyEmulator } from "../../../src/emulators/spotify/index.ts";

const [clientId = "", clientSecret = ""] = process.argv.slice(2);
const emulator = createSpotifyEmulator({ clientId, clientSecret });
let statuses: Record<string, number> = {};
let tokenLatencyMs = 0;

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/bench/statuses") {
      if (req.method === "DELETE") statuses = {};
      return Response.json(statuses);
    }
    if (path === "/bench/token-latency" && req.method === "PUT") {
      tokenLatencyMs = Number(((await req.json()) as { ms?: unknown }).ms) || 0;
      return Response.json({ ms: tokenLatencyMs });
    }
    if (tokenLatencyMs > 0 && path === "/emulator/spotify/accounts/api/token")
      await Bun.sleep(tokenLatencyMs);
    const res = await emulator.app.fetch(req);
    if (path.startsWith("/emulator/spotify/v1/")) {
      const key = String(res.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return res;
  },
});
console.log(JSON.stringify({ origin: `http://127.0.0.1:${server.port}` }));
