// Crate in real mode, pointed through SPOTIFY_ACCOUNTS_URL / SPOTIFY_API_URL at a Spotify running elsewhere
// (the emulator alone on its own port): no emulator route in Crate, everything through the configured URLs.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { SpotifyEmulatorServer } from "../../../src/emulators/spotify/server.ts";
import { spotifyForUser } from "../../../src/server/auth/tokens.ts";
import { users } from "../../../src/server/db/schema/index.ts";
import type { TestServer } from "../../support/server.ts";
import {
  apiJson,
  type CrateWithSpotify,
  createListener,
  logout,
  signIn,
  startCrateWithSpotify,
} from "./flow.ts";

let setup: CrateWithSpotify;
let crate: TestServer;
let spotify: SpotifyEmulatorServer;
beforeAll(async () => {
  setup = await startCrateWithSpotify();
  ({ crate, spotify } = setup);
  await createListener(spotify.url, "outside-listener", 7);
});
afterAll(() => setup.dispose());

test("sign-in, a Web API call on the user's behalf and logout work against the configured Spotify", async () => {
  expect(crate.deps.config.demoMode).toBe(false);
  const noEmulator = await fetch(`${crate.url}/emulator/spotify/control/calls`);
  expect(noEmulator.headers.get("content-type") ?? "").not.toContain("application/json");
  const steps = await signIn(crate.url, "outside-listener");
  expect(steps.authorizeUrl.origin).toBe(spotify.url);
  expect(steps.landedOn).toBe("/");
  expect((await apiJson(crate.url, "/api/authorize/logged-in", steps.jar)).body).toEqual({ loggedIn: true });

  const user = crate.deps.db.select().from(users).where(eq(users.spotifyId, "outside-listener")).get();
  const api = spotifyForUser(crate.deps, user?.id ?? "");
  const likes = [];
  for await (const page of api.likedTracks()) likes.push(...page);
  expect(likes).toHaveLength(7);

  await logout(crate.url, steps.jar);
  expect((await apiJson(crate.url, "/api/authorize/logged-in", steps.jar)).body).toEqual({ loggedIn: false });
});
