// What Spotify gives this app is written when it changes, not at each answer: every write is a commit that the
// requests beside the hourly job wait behind.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/client.ts";
import {
  isUnavailable,
  recordCapability,
  recordedStatus,
} from "../../../src/server/metadata/store/capabilities-repository.ts";
import { tempDir } from "../../support/server.ts";

const dir = tempDir("crate-capabilities-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Spotify's capabilities as answers show them", () => {
  test("a fact still given writes nothing; a refusal is written with its time, and given again once more", () => {
    const { db } = openDatabase(join(dir, "crate.db"));
    const sqlite = db.$client;
    const changes = () => (sqlite.query("SELECT total_changes() AS n").get() as { n: number }).n;
    recordCapability(sqlite, "audioFeatures", "available", 1_000);
    const afterFirst = changes();
    for (let round = 0; round < 5; round++)
      recordCapability(sqlite, "audioFeatures", "available", 2_000 + round);
    expect(changes()).toBe(afterFirst);
    expect(recordedStatus(sqlite, "audioFeatures")).toBe("available");

    recordCapability(sqlite, "audioFeatures", "unavailable", 10_000);
    expect(isUnavailable(sqlite, "audioFeatures", 10_001)).toBe(true);
    recordCapability(sqlite, "audioFeatures", "available", 20_000);
    expect(recordedStatus(sqlite, "audioFeatures")).toBe("available");
    expect(isUnavailable(sqlite, "audioFeatures", 20_001)).toBe(false);
    sqlite.close();
  });
});
