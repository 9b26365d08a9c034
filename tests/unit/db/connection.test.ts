import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/client.ts";
import { tempDir } from "../../support/server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the database connection", () => {
  test("is durable (WAL, synchronous FULL, foreign keys) and reads from a large cache and a memory map", () => {
    const dir = tempDir();
    dirs.push(dir);
    const opened = openDatabase(join(dir, "crate.db"));
    const pragma = (name: string) => Object.values(opened.sqlite.query(`PRAGMA ${name}`).get() as object)[0];
    try {
      expect(pragma("journal_mode")).toBe("wal");
      expect(pragma("synchronous")).toBe(2);
      expect(pragma("foreign_keys")).toBe(1);
      expect(pragma("cache_size")).toBe(-65536);
      expect(pragma("mmap_size")).toBe(268435456);
    } finally {
      opened.close();
    }
  });
});
