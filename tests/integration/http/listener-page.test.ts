import { beforeAll, describe, expect, test } from "bun:test";
import { PRERENDER_STATE_ID } from "../../../src/shared/prerender.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { createListener, signInAs } from "../account/signin.ts";

// A signed-in listener's Playlists page arrives rendered with that listener's own choices and data (ADR 0033),
// so it can be read and ticked before the app's script has arrived; nobody else's data, and never for a session
// that is not valid.

let ada = "";
let bo = "";
const server = setUpTestServer();
beforeAll(async () => {
  // the first page starts the page renderer (as the first visitor would), not a test's own request
  await (await fetch(`${server.url}/faq`)).text();
  await createListener(server.url, "page-ada", 8);
  await createListener(server.url, "page-bo", 8);
  ada = (await signInAs(server.url, "page-ada")).cookie;
  bo = (await signInAs(server.url, "page-bo")).cookie;
}, 60_000);

const page = async (path: string, cookie?: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { res, html: await res.text() };
};
const root = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${PRERENDER_STATE_ID}"`));
const state = (html: string): { queries: { queryKey: unknown[]; data: unknown }[] } =>
  JSON.parse(new RegExp(`id="${PRERENDER_STATE_ID}">([^<]*)</script>`).exec(html)?.[1] ?? '{"queries":[]}');
const seeded = (html: string, procedure: string[]) =>
  state(html).queries.find((query) => JSON.stringify(query.queryKey[0]) === JSON.stringify(procedure))?.data;
/** The rendered rows' names with their tick, as `Name:true`. */
const rows = (html: string) =>
  [
    ...root(html).matchAll(/data-testid="playlist-option" data-name="([^"]+)" data-checked="(true|false)"/g),
  ].map((match) => `${match[1]}:${match[2]}`);

async function choose(cookie: string, names: string[]): Promise<void> {
  const headers = { cookie, origin: server.url, "content-type": "application/json" };
  const started = await fetch(`${server.url}/api/distributor/distribute-historically`, {
    method: "POST",
    headers,
    body: JSON.stringify({ playlistPreferences: names }),
  });
  expect(started.status).toBe(200);
  const { distributionProgressId } = (await started.json()) as { distributionProgressId: string };
  for (let wait = 0; wait < 600; wait++) {
    const progress = await fetch(`${server.url}/api/distributor/${distributionProgressId}/progress`, {
      headers,
    });
    if (((await progress.json()) as { finished?: boolean }).finished) return;
    await Bun.sleep(50);
  }
  throw new Error("the distribution did not finish");
}

describe("the signed-in Playlists page rendered on the server", () => {
  test("arrives with the listener's groups and rows, the data it was rendered with, and no other script", async () => {
    const { res, html } = await page("/playlists", ada);
    expect(res.status).toBe(200);
    expect(root(html)).toContain("Choose your playlists");
    // every part is in the page, even on the server's first listener page: none is left to the browser to render
    expect(root(html).includes("<!--$!-->")).toBe(false);
    expect(rows(html)).toEqual([
      "Beats:false",
      "Chill:false",
      "High Energy:false",
      "Moody:false",
      "Party:false",
      "Upbeat:false",
    ]);
    expect(seeded(html, ["user", "me"])).toMatchObject({ spotifyId: "page-ada", membershipLevel: "Free" });
    expect(seeded(html, ["distribution", "listenerPreferences"])).toMatchObject({ maxSelectedPlaylists: 15 });
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.filter((attributes) => !/type="application\/json"/.test(attributes))).toHaveLength(1);
    expect(scripts.filter((attributes) => /\bsrc="/.test(attributes))).toHaveLength(1);
  });

  test("is never kept by a shared cache and differs by the session cookie", async () => {
    const { res } = await page("/playlists", ada);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toContain("Cookie");
  });

  test("shows the listener's saved selection, and only that listener's", async () => {
    await choose(bo, ["Chill", "Party"]);
    const mine = await page("/playlists", bo);
    expect(seeded(mine.html, ["user", "me"])).toMatchObject({ spotifyId: "page-bo" });
    // a saved selection opens no group: the rows are rendered when the listener opens one
    expect(seeded(mine.html, ["distribution", "listenerPreferences"])).toMatchObject({
      usersSimplePlaylistPreferences: [
        { group: "Mood", name: "Chill" },
        { group: "Mood", name: "Party" },
      ],
    });
    const selection = (html: string) =>
      /data-testid="group-modules" data-selected="(\d+)"/.exec(root(html))?.[1];
    expect(selection(mine.html)).toBe("2");
    expect(root(mine.html).includes('data-testid="group-selected-count"')).toBe(true);
    const theirs = await page("/playlists", ada);
    expect(theirs.html.includes("page-bo")).toBe(false);
    expect(selection(theirs.html)).toBe("0");
  });

  test("a session that is not valid, another page of the area, or a visitor get no listener data", async () => {
    for (const [path, cookie] of [
      ["/playlists", "crate_session=not-a-session"],
      ["/playlists/combinations", ada],
      ["/playlists/songs", ada],
      ["/settings", ada],
      ["/playlists", undefined],
    ] as const) {
      const { res, html } = await page(path, cookie);
      expect(res.status, path).toBe(200);
      expect(html, `${path} ${cookie}`).not.toContain(PRERENDER_STATE_ID);
    }
  });

  test("a visitor's /playlists, which is not rendered, does not stop the listener's from being rendered", async () => {
    expect((await page("/playlists")).html.includes(PRERENDER_STATE_ID)).toBe(false);
    const { html } = await page("/playlists", ada);
    expect(seeded(html, ["user", "me"])).toMatchObject({ spotifyId: "page-ada" });
  });
});
