// What a browser does against Crate, over HTTP: the real sign-in through the provider's consent (the emulator's
// `emulator_user=` approves at once), starting a distribution and waiting for it by polling its progress.
import { mapLimit } from "./parallel.ts";

export interface SignedIn {
  listener: string;
  cookie: string;
  userId: string;
}

/**
 * Each listener signs in from a browser of their own, so from an address of their own (sign-ins are limited per
 * address): the loopback test server takes it from X-Forwarded-For, as behind a proxy on the same machine.
 */
function addressOf(listener: string): string {
  let hash = 0;
  for (const char of listener) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

export async function signIn(crateUrl: string, listener: string): Promise<SignedIn> {
  const forwarded = { "x-forwarded-for": addressOf(listener) };
  const start = await fetch(`${crateUrl}/api/authorize`, { redirect: "manual", headers: forwarded });
  // A refused start (429 past the address's limit) ends the attempt: there is no consent page to go on to.
  if (start.status !== 302) throw new Error(`sign-in as ${listener} refused at the start: ${start.status}`);
  const jar = start.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const authorize = new URL(start.headers.get("location") ?? "", crateUrl);
  authorize.searchParams.set("emulator_user", listener);
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = await fetch(new URL(consent.headers.get("location") ?? "", authorize), {
    redirect: "manual",
    headers: { cookie: jar, ...forwarded },
  });
  const session = callback.headers.getSetCookie().find((line) => line.startsWith("crate_session="));
  if (!session) {
    throw new Error(`sign-in as ${listener} failed: ${callback.status} ${callback.headers.get("location")}`);
  }
  const cookie = session.split(";")[0] ?? "";
  const me = await fetch(`${crateUrl}/api/user/id`, { headers: { cookie } });
  if (!me.ok) throw new Error(`GET /api/user/id after signing in ${listener}: ${me.status}`);
  const { userId } = (await me.json()) as { userId: string };
  return { listener, cookie, userId };
}

export const signInAll = (crateUrl: string, listeners: readonly string[], concurrency = 8) =>
  mapLimit(listeners, concurrency, (listener) => signIn(crateUrl, listener));

/** POST /api/distributor/distribute-historically; answers the distribution's progress id. */
export async function distribute(
  crateUrl: string,
  cookie: string,
  selection: readonly string[],
): Promise<string> {
  const res = await fetch(`${crateUrl}/api/distributor/distribute-historically`, {
    method: "POST",
    headers: { cookie, origin: crateUrl, "content-type": "application/json" },
    body: JSON.stringify({ playlistPreferences: selection }),
  });
  if (!res.ok) throw new Error(`distribute-historically: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { distributionProgressId: string }).distributionProgressId;
}

/** Polls the progress until the server says finished; a failed entry (-1) throws. */
export async function waitDistributed(crateUrl: string, cookie: string, id: string, pollMs = 100) {
  for (;;) {
    const res = await fetch(`${crateUrl}/api/distributor/${id}/progress`, { headers: { cookie } });
    if (!res.ok) throw new Error(`progress of ${id}: ${res.status}`);
    const body = (await res.json()) as { finished: boolean; progress: { completedWork: number }[] };
    if (body.progress.some((p) => p.completedWork < 0)) throw new Error(`distribution ${id} failed`);
    if (body.finished) return;
    await Bun.sleep(pollMs);
  }
}
