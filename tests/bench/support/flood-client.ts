// The flooding listener of tests/bench/flood.bench.ts, in a process of its own as a remote client is: run as
// `bun flood-client.ts <crate url> <cookie>`, it floods until its standard input closes, then prints its answers
// (counts per request kind and status) as JSON. In the server's own process its loops would take the server's
// thread too, which a listener on another machine does not.
import { signIn } from "./crate-client.ts";

export const FLOODER = "flood-000000";
/**
 * Each of the flood's loops sends its next request this long after the last answer (about 200 requests a second
 * for the settings loop): a client hammering faster than any browser is a matter for a rate limit in front of the
 * app, not for fairness between listeners.
 */
const FLOOD_PAUSE_MS = 5;

/** One listener asking for everything at once, over and over, until `until` settles. */
export async function floodUntil(crateUrl: string, cookie: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const answers: Record<string, number> = {};
  const count = (what: string, status: number) => {
    const key = `${what} ${status}`;
    answers[key] = (answers[key] ?? 0) + 1;
  };
  const headers = { cookie, origin: crateUrl, "content-type": "application/json" };
  const signIns = async () => {
    while (!done) {
      await signIn(crateUrl, FLOODER).then(
        () => count("sign-in", 200),
        () => count("sign-in", 0),
      );
      await Bun.sleep(FLOOD_PAUSE_MS);
    }
  };
  const flips = async () => {
    for (let on = true; !done; on = !on) {
      const res = await fetch(`${crateUrl}/api/playlist-preferences/settings`, {
        method: "PUT",
        headers,
        body: JSON.stringify({
          createPlaylistsAsPrivate: on,
          removePlaylistPostfix: false,
          addRecordingOnce: on,
        }),
      });
      count("settings", res.status);
      await Bun.sleep(FLOOD_PAUSE_MS);
    }
  };
  const distributions = async () => {
    while (!done) {
      const res = await fetch(`${crateUrl}/api/distributor/distribute-historically`, {
        method: "POST",
        headers,
        body: JSON.stringify({ playlistPreferences: ["Everything", "Latest 50 Liked Songs"] }),
      });
      count("distribution", res.status);
      await Bun.sleep(FLOOD_PAUSE_MS);
    }
  };
  // FLOOD_PARTS picks the loops (to see what each costs), e.g. `FLOOD_PARTS=signIns,signIns`.
  const loops = { signIns, flips, distributions };
  const parts = (process.env.FLOOD_PARTS ?? "signIns,signIns,flips,distributions").split(",");
  await Promise.all(parts.filter((p): p is keyof typeof loops => p in loops).map((p) => loops[p]()));
  return answers;
}

if (import.meta.main) {
  const [crateUrl, cookie] = process.argv.slice(2) as [string, string];
  // nothing is sent on it; the text ends when the parent closes it
  const answers = await floodUntil(crateUrl, cookie, Bun.stdin.text());
  console.log(JSON.stringify(answers));
}
