// Gives a demo listener something to look at on the playlists' own pages: signs in to a running demo server as
// that listener (through the emulated Spotify's consent), and loads a choices document — a few playlists, a song
// and an artist kept out, an artist's genres and country corrected — through the same call as "Load choices".
// Usage: bun scripts/demo-choices.ts http://localhost:<port> [listener id, default crate-premium]
const base = process.argv[2];
const listener = process.argv[3] ?? "crate-premium";
if (!base) {
  console.error("usage: bun scripts/demo-choices.ts <demo server URL> [listener id]");
  process.exit(1);
}

const jar = new Map<string, string>();
const absorb = (res: Response) => {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
};
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: cookie(),
      origin: base,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
};

const start = await fetch(`${base}/api/authorize`, { redirect: "manual" });
absorb(start);
const authorize = new URL(start.headers.get("location") ?? "", base);
authorize.searchParams.set("emulator_user", listener);
const consent = await fetch(authorize, { redirect: "manual" });
absorb(
  await fetch(new URL(consent.headers.get("location") ?? "", authorize), {
    redirect: "manual",
    headers: { cookie: cookie() },
  }),
);
if (!jar.has("crate_session") && ![...jar.keys()].some((k) => k.endsWith("crate_session")))
  throw new Error(`signing in as ${listener} failed`);

// The sign-in reads the library in the background: wait until some liked songs are there.
let songs: { trackId: string; name: string; artistIds: string[] }[] = [];
for (let i = 0; i < 120 && songs.length < 3; i++) {
  songs = ((await api("GET", "/api/songs/search?query=e")).songs as typeof songs) ?? [];
  if (songs.length < 3) await Bun.sleep(500);
}
if (songs.length < 3) throw new Error("the listener's liked songs did not arrive");
const current = await api("GET", "/api/user/choices");
const selection = ["Rock", "Pop", "1990s", "2000s", "Chill", "Fast (111-160 BPM)"];
const document = {
  ...current,
  selection: [...new Set([...(current.selection as string[]), ...selection])],
  exclusions: [
    ...(current.exclusions as unknown[]),
    { playlist: "Pop", kind: "track", id: songs[0]?.trackId },
    { playlist: "Rock", kind: "artist", id: songs[2]?.artistIds[0] },
  ],
  corrections: [
    ...(current.corrections as unknown[]),
    { artistId: songs[1]?.artistIds[0], genres: ["Rock", "classic rock"], country: "SE" },
  ],
};
console.log(JSON.stringify(await api("POST", "/api/user/choices", document)));
