// What `crate doctor` relies on in Spotify's accounts service: the client-credentials grant (an app token, no
// listener) and the app's registered redirect URIs, any other refused on the authorize page.
import { afterAll, expect, test } from "bun:test";
import { authorizeUrl, basic, json, REDIRECT_URI, testEmulator, tokenCall } from "./spotify-support.ts";

const open = testEmulator();
const registered = testEmulator({ redirectUris: [REDIRECT_URI] });
afterAll(() => {
  open.close();
  registered.close();
});

test("the client-credentials grant gives the app a bearer token without refresh token or scope", async () => {
  const res = await tokenCall(open, { grant_type: "client_credentials" });
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body.token_type).toBe("Bearer");
  expect(body.expires_in).toBe(3600);
  expect(typeof body.access_token).toBe("string");
  expect(body.refresh_token).toBeUndefined();
});

test("the client-credentials grant refuses a wrong secret and a client without one", async () => {
  const wrong = await tokenCall(
    open,
    { grant_type: "client_credentials" },
    basic(undefined, "not-the-secret"),
  );
  expect(wrong.status).toBe(401);
  expect(await json(wrong)).toMatchObject({ error: "invalid_client" });
  const unknown = await tokenCall(open, { grant_type: "client_credentials" }, basic("someone-else"));
  expect(unknown.status).toBe(401);
  const publicClient = await tokenCall(
    open,
    { grant_type: "client_credentials", client_id: "test-client" },
    null,
  );
  expect(publicClient.status).toBe(400);
  expect(await json(publicClient)).toMatchObject({ error: "invalid_client" });
});

test("an app with registered redirect URIs refuses any other on the authorize page", async () => {
  const known = await registered.fetch(authorizeUrl({}));
  expect(known.status).toBe(200);
  const other = await registered.fetch(
    authorizeUrl({ redirect_uri: "http://127.0.0.1:4000/api/authorize/callback" }),
  );
  expect(other.status).toBe(400);
  expect(await other.text()).toContain("INVALID_CLIENT: Invalid redirect URI");
});
