import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { freePort, startTestServer, type TestServer } from "../../support/server.ts";
import { apiJson, createListener, get, locationOf, newJar, signIn } from "./flow.ts";

let server: TestServer;
let secure: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // the public origin is https; Crate reaches its own emulator on the local port
  const port = freePort();
  const local = `http://127.0.0.1:${port}/emulator/spotify`;
  secure = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: "https://crate.example",
    DEMO: "on",
    SPOTIFY_ACCOUNTS_URL: `${local}/accounts`,
    SPOTIFY_API_URL: `${local}/v1`,
  });
  for (const s of [server, secure]) {
    await createListener(s.url, "revoke-alice", 2);
    await createListener(s.url, "revoke-bob", 2);
  }
});
afterAll(async () => {
  await server.dispose();
  await secure.dispose();
});

const loggedIn = async (base: string, cookie: string) =>
  (await apiJson(base, "/api/authorize/logged-in", undefined, { headers: { cookie } })).body.loggedIn;

describe("signing in", () => {
  test("revokes the session the browser presented", async () => {
    const first = await signIn(server.url, "revoke-alice");
    const old = `crate_session=${first.jar.values.get("crate_session")}`;
    expect(await loggedIn(server.url, old)).toBe(true);
    // the same browser signs in again (here as someone else) while still holding the old session
    const second = await signIn(server.url, "revoke-bob", { jar: first.jar });
    const fresh = `crate_session=${second.jar.values.get("crate_session")}`;
    expect(fresh).not.toBe(old);
    expect(await loggedIn(server.url, old)).toBe(false);
    expect(await loggedIn(server.url, fresh)).toBe(true);
  });

  test("with an https PUBLIC_URL the session cookie is a __Host- cookie, and only that name is read", async () => {
    const jar = newJar();
    const publicHost = { host: "crate.example" };
    const authorize = locationOf(await get(`${secure.url}/api/authorize`, jar, publicHost), secure.url);
    authorize.searchParams.set("emulator_user", "revoke-alice");
    // the emulator is reached on the local port; its redirect goes to the public https origin
    const local = new URL(authorize.pathname + authorize.search, secure.url);
    const consent = locationOf(await fetch(local, { redirect: "manual" }), secure.url);
    expect(consent.origin).toBe("https://crate.example");
    const callback = await get(
      new URL(consent.pathname + consent.search, secure.url).toString(),
      jar,
      publicHost,
    );
    const line = callback.headers.getSetCookie().find((l) => l.startsWith("__Host-crate_session="));
    expect(line).toBeDefined();
    expect(line).toContain("Secure");
    expect(line).toContain("Path=/");
    expect(line).not.toMatch(/Domain=/i);
    const token = jar.values.get("__Host-crate_session");
    expect(await loggedIn(secure.url, `__Host-crate_session=${token}`)).toBe(true);
    expect(await loggedIn(secure.url, `crate_session=${token}`)).toBe(false);
  });
});
