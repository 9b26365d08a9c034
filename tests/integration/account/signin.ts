// Signs a listener in through Crate's real OAuth flow against the mounted Spotify emulator.

/** Creates a listener with `likes` liked songs in the emulator (control API). */
export async function createListener(baseUrl: string, id: string, likes = 20): Promise<void> {
  const res = await fetch(`${baseUrl}/emulator/spotify/control/listeners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, likes }),
  });
  if (res.status !== 201) throw new Error(`creating listener ${id}: ${res.status} ${await res.text()}`);
}

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    if (at < 0) continue;
    const value = pair.slice(at + 1);
    if (value === "" || /max-age=0/i.test(line)) jar.delete(pair.slice(0, at));
    else jar.set(pair.slice(0, at), value);
  }
}

const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/**
 * /api/authorize → the emulator's authorize page, approved at once as `listener` → Crate's callback.
 * Returns the session cookie (`crate_session=…`) and where Crate sent the browser.
 */
export async function signInAs(
  baseUrl: string,
  listener: string,
): Promise<{ cookie: string; landedOn: string }> {
  const jar = new Map<string, string>();
  const start = await fetch(`${baseUrl}/api/authorize`, { redirect: "manual" });
  cookiesOf(start, jar);
  const authorize = new URL(start.headers.get("location") ?? "", baseUrl);
  authorize.searchParams.set("emulator_user", listener);
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = await fetch(new URL(consent.headers.get("location") ?? "", authorize), {
    redirect: "manual",
    headers: { cookie: header(jar) },
  });
  cookiesOf(callback, jar);
  const session = jar.get("crate_session");
  if (!session)
    throw new Error(`sign-in as ${listener} failed: ${callback.status} ${callback.headers.get("location")}`);
  return { cookie: `crate_session=${session}`, landedOn: callback.headers.get("location") ?? "" };
}
