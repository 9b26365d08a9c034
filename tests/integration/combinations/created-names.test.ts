// The created page's names when its tab kept none: the names of the combinations a combination run was started
// for, to the listener who started it only (another listener's or an unknown run: 404; a run of another kind: none).
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Listener, premiumListener, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let ada: Listener;
let bob: Listener;

async function createdNames(listener: Listener, id: string): Promise<{ status: number; names?: string[] }> {
  const input = encodeURIComponent(JSON.stringify({ id }));
  const res = await fetch(`${h.crate.url}/api/trpc/distribution.createdCombinations?input=${input}`, {
    headers: { cookie: listener.cookie },
  });
  const body = (await res.json()) as { result?: { data: { names: string[] } } };
  return { status: res.status, names: body.result?.data.names };
}

beforeAll(async () => {
  ada = await premiumListener(h, "created-names-ada", 20);
  bob = await premiumListener(h, "created-names-bob", 20);
});

describe("the names of a combination run", () => {
  test("are the combinations it was started for, in the order they were given, to their listener only", async () => {
    const created = await call(h, ada.cookie, "POST", "/api/distributor/combinatorial", {
      combinations: [
        { playlistName: "Zebra Songs", criteria: [{ decade: 1990 }] },
        { playlistName: "Apple Songs", criteria: [{ decade: 2000 }] },
      ],
    });
    expect(created.status).toBe(200);
    const id = String(created.body.distributionProgressId);
    expect(await createdNames(ada, id)).toEqual({ status: 200, names: ["Zebra Songs", "Apple Songs"] });
    expect((await createdNames(bob, id)).status).toBe(404);
    expect((await createdNames(ada, "no-such-run")).status).toBe(404);
  });
});
