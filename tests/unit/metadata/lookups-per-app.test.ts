// Each app has its own lookup queue and metadata clients (members of its Deps): two apps in one process do not
// see each other's pending lookups.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../../src/server/config/config.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { type MetadataLookups, withMetadataLookups } from "../../../src/server/metadata/background.ts";
import { systemClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import { tempDir } from "../../support/server.ts";

const dir = tempDir("crate-lookups-");
const opened: { close(): void }[] = [];
afterAll(() => {
  for (const database of opened) database.close();
  rmSync(dir, { recursive: true, force: true });
});

function app(name: string): Deps {
  const database = openDatabase(join(dir, `${name}.db`));
  opened.push(database);
  const config = parseConfig({ METADATA_SOURCES: "spotify", JOBS: "off" });
  return withMetadataLookups({
    db: database.db,
    clock: systemClock,
    config,
    log: createLogger("silent"),
  } as unknown as Omit<Deps, "metadataLookups">);
}

test("two apps in one process keep their own lookups and clients", async () => {
  const one = app("one");
  const two = app("two");
  expect(one.metadataLookups).not.toBe(two.metadataLookups);
  expect((one.metadataLookups as MetadataLookups).clients.musicbrainz).not.toBe(
    (two.metadataLookups as MetadataLookups).clients.musicbrainz,
  );
  one.metadataLookups.schedule("listener");
  expect(one.metadataLookups.isLookingUp("listener")).toBe(true);
  expect(two.metadataLookups.isLookingUp("listener")).toBe(false);
  two.metadataLookups.stop();
  two.metadataLookups.schedule("listener");
  expect(two.metadataLookups.isLookingUp("listener")).toBe(false);
  await one.metadataLookups.idle();
  expect(one.metadataLookups.isLookingUp("listener")).toBe(false);
});
