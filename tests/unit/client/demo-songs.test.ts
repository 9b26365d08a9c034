import { expect, test } from "bun:test";
import { demoSongs } from "../../../src/client/pages/public/landing/demoSongs.ts";
import { limits } from "../../../src/shared/limits.ts";

// The demo's CSS cycle (theme.ts) is built for `limits.demoSongCount` songs: one more or less would show two songs
// at once or none for a step.
test("the demo has as many songs as its cycle has steps", () => {
  expect(demoSongs).toHaveLength(limits.demoSongCount);
});
