// The write-ahead log's checkpoints run on a worker thread of their own: the app's connection commits (each commit
// still synced to the log) and never copies the log into the database file itself, yet the log is copied and
// the file closes clean.

import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { checkpointInBackground } from "../../../src/server/db/checkpoints.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { transaction } from "../../../src/server/db/transaction.ts";
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

  test("under commits that never stop for long, the log starts over instead of growing without end", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir, "crate.db");
    const opened = openDatabase(path);
    // a smaller limit than the server's, so that a few seconds of commits pass it many times
    const restartBytes = 8 * 1024 * 1024;
    const checkpoints = checkpointInBackground(opened.sqlite, path, restartBytes);
    try {
      opened.sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)");
      const insert = opened.sqlite.query("INSERT INTO t (body) VALUES (?)");
      const count = opened.sqlite.query("SELECT count(*) FROM t");
      // A busy hour: commits in bursts, a millisecond apart (requests, the provider's answers), until a log that
      // never started over would be eight times the limit (a busy machine only takes longer). A checkpoint that only
      // copies (PASSIVE) never sees the whole log copied before the next commit, so the log would grow on and on.
      const deadline = Date.now() + 60_000;
      let commits = 0;
      let largestLog = 0;
      while (commits * 12_000 < 8 * restartBytes && Date.now() < deadline) {
        // a transaction that reads, then writes: never refused while the log starts over ("database is locked")
        transaction(opened.db, () => {
          count.get();
          insert.run("x".repeat(12_000));
        });
        commits += 1;
        if (commits % 10 === 0) {
          largestLog = Math.max(largestLog, statSync(`${path}-wal`).size);
          await Bun.sleep(1);
        }
      }
      // a log that starts over stays within a few times the limit (what one tick commits comes on top)
      expect(commits * 12_000).toBeGreaterThanOrEqual(8 * restartBytes);
      expect(largestLog).toBeLessThan(4 * restartBytes);
    } finally {
      checkpoints.stop();
      opened.close();
    }
  }, 90_000);

  test("a reader of another connection in the log never holds the app's thread up", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir, "crate.db");
    const opened = openDatabase(path);
    const checkpoints = checkpointInBackground(opened.sqlite, path, 1024 * 1024);
    // a backup or the CLI reading: its snapshot keeps the log from starting over while it lasts
    const reader = new Database(path);
    try {
      opened.sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)");
      const insert = opened.sqlite.query("INSERT INTO t (body) VALUES (?)");
      insert.run("first");
      reader.exec("BEGIN");
      reader.query("SELECT count(*) FROM t").get();
      const until = Date.now() + 2_000;
      let longestTurnMs = 0;
      let last = performance.now();
      while (Date.now() < until) {
        for (let i = 0; i < 10; i++) insert.run("x".repeat(12_000));
        await Bun.sleep(1);
        const now = performance.now();
        longestTurnMs = Math.max(longestTurnMs, now - last);
        last = now;
      }
      // the restart is asked for again and again; each time the app's connection only copies, never waits
      expect(longestTurnMs).toBeLessThan(1_000);
    } finally {
      reader.exec("COMMIT");
      reader.close();
      checkpoints.stop();
      opened.close();
    }
  }, 20_000);

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
