import { describe, expect, test } from "bun:test";
import { setUpHarness } from "./support.ts";

const h = setUpHarness();

describe("the liked-song count right after sign-in", () => {
  test("distribute-historically while the sign-in sync still reads the library answers the real count, and the success page shows the same", async () => {
    // a library of several pages, each answered slowly: the sign-in sync is still reading when the request comes
    h.spotify.control.setFaults({ latencyMs: 60 });
    const listener = await h.signIn("count-right-after-sign-in", 230);
    h.clearThrottles();
    const answer = await h.distribute(listener, ["Chill", "2020s"]);
    h.spotify.control.setFaults({ latencyMs: 0 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.totalNumberOfLikedSongs).toBe(230);
    const done = await h.waitForProgress(listener, String(answer.body.distributionProgressId));
    expect(done.body.totalNumberOfLikedSongs).toBe(230);
  });
});
