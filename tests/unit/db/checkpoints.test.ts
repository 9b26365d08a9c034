// The write-ahead log's checkpoints run on a worker thread of their own: the app's connection commits (each commit
// still synced to the log) and never copies the log into the database file itself, yet the log is copied and
// the file closes clean.
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/client.ts";
import { tempDir } from "../../support/server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("checkpoints in the background", () => {
  test("the app's connection leaves checkpoints to the worker, which copies the log into the file", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir, "crate.db");
    const opened = openDatabase(path, { checkpointsInBackground: true });
    try {
      expect(Object.values(opened.sqlite.query("PRAGMA wal_autocheckpoint").get() as object)[0]).toBe(0);
      opened.sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)");
      const insert = opened.sqlite.query("INSERT INTO t (body) VALUES (?)");
      for (let i = 0; i < 200; i++) insert.run("x".repeat(2_000));
      // the rows are in the log; the database file grows only as a checkpoint copies them into it
      const written = 200 * 2_000;
      const deadline = Date.now() + 5_000;
      while (statSync(path).size < written && Date.now() < deadline) await Bun.sleep(50);
      expect(statSync(path).size).toBeGreaterThan(written);
    } finally {
      opened.close();
    }
    // the app's connection closes last: it checkpoints what is left and removes the log
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  test("a connection opened without it checkpoints as SQLite does by default", () => {
    const dir = tempDir();
    dirs.push(dir);
    const opened = openDatabase(join(dir, "crate.db"));
    try {
      expect(Object.values(opened.sqlite.query("PRAGMA wal_autocheckpoint").get() as object)[0]).toBe(1000);
    } finally {
      opened.close();
    }
  });
});
