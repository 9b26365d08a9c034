// The test servers' databases: each a copy of one migrated template, a real SQLite file in WAL mode of its own.
import { describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { migrations } from "../../../src/server/db/migrations.generated.ts";
import { createUser } from "../../support/factories.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { setUpTestServer } from "../../support/suite.ts";

const first = setUpTestServer();
const second = setUpTestServer();

const pragma = (server: TestServer, name: string) =>
  Object.values(server.deps.db.$client.query(`PRAGMA ${name}`).get() as Record<string, unknown>)[0];

describe("a test server's database", () => {
  test("is a file of its own, readable by its owner only, with every migration applied once", () => {
    for (const server of [first, second]) {
      expect(statSync(join(server.dir, "crate.db")).mode & 0o777).toBe(0o600);
      const tags = server.deps.db.$client.query("SELECT tag FROM _migrations ORDER BY tag").all();
      expect(tags).toEqual(migrations.map((m) => ({ tag: m.tag })));
    }
    expect(first.dir).not.toBe(second.dir);
  });

  test("keeps the app's settings: WAL, full sync, foreign keys", () => {
    expect(pragma(first, "journal_mode")).toBe("wal");
    expect(pragma(first, "synchronous")).toBe(2);
    expect(pragma(first, "foreign_keys")).toBe(1);
  });

  test("shares no rows with another test server's", async () => {
    createUser(first.deps.db, { id: "only-in-first" });
    const count = (server: TestServer) =>
      server.deps.db.$client.query("SELECT count(*) AS n FROM users WHERE id = 'only-in-first'").get();
    expect(count(first)).toEqual({ n: 1 });
    expect(count(second)).toEqual({ n: 0 });
    const third = await startTestServer();
    try {
      expect(count(third)).toEqual({ n: 0 });
    } finally {
      await third.dispose();
    }
  });
});
