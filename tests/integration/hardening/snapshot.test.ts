import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/client.ts";
import { createUser } from "../../support/factories.ts";
import { tempDir } from "../../support/server.ts";
import { copyMigratedDatabase } from "../../support/template-db.ts";
import { changes, type Hardening, snapshot } from "./support.ts";

// The hostile suites' "nothing changed" rests on this snapshot: it must see every change but the volatile ones.
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function database() {
  const path = join(dir, `${crypto.randomUUID()}.db`);
  copyMigratedDatabase(path);
  const opened = openDatabase(path);
  const of = { server: { deps: { db: opened.db } }, statisticsUserIds: [] } as unknown as Hardening;
  return { opened, take: () => snapshot(of) };
}

describe("the hardening suites' database snapshot", () => {
  test("sees an added row, a changed value and a changed byte of a blob value; two snapshots of the same rows are equal", () => {
    const { opened, take } = database();
    try {
      const sqlite = opened.sqlite;
      createUser(opened.db, { id: "u1" });
      const first = take();
      expect(changes(first, take())).toEqual([]);

      createUser(opened.db, { id: "u2" });
      const added = take();
      expect(changes(first, added)).toEqual([expect.stringMatching(/^users: 1:\w+ → 2:\w+$/)]);

      sqlite.query("UPDATE users SET display_name = 'Changed' WHERE id = 'u2'").run();
      const changed = take();
      expect(changes(added, changed)).toEqual([expect.stringMatching(/^users: /)]);

      sqlite.query("UPDATE users SET display_name = x'0102' WHERE id = 'u2'").run();
      const bytes = take();
      sqlite.query("UPDATE users SET display_name = x'0103' WHERE id = 'u2'").run();
      expect(changes(bytes, take())).toEqual([expect.stringMatching(/^users: /)]);
    } finally {
      opened.close();
    }
  });

  test("a session's last-seen time is the one change it leaves out", () => {
    const { opened, take } = database();
    try {
      createUser(opened.db, { id: "u1" });
      opened.sqlite
        .query(
          "INSERT INTO sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) VALUES ('s1', 'h1', 'u1', 0, 0, 1)",
        )
        .run();
      const before = take();
      opened.sqlite.query("UPDATE sessions SET last_seen_at = 5").run();
      expect(changes(before, take())).toEqual([]);
      opened.sqlite.query("UPDATE sessions SET expires_at = 9").run();
      expect(changes(before, take())).toEqual([expect.stringMatching(/^sessions: /)]);
    } finally {
      opened.close();
    }
  });
});
