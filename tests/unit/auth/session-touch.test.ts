import { describe, expect, test } from "bun:test";
import { createSession, lookupSession, SESSION_TOUCH_MS } from "../../../src/server/auth/sessions.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { createUser } from "../../support/factories.ts";

describe("a signed-in call", () => {
  test("marks the session as seen at most every ten minutes, and a lookup sees a sign-out at once", () => {
    const { db, sqlite, close } = openDatabase(":memory:");
    createUser(db, { id: "u", spotifyId: "s" });
    let now = 1_000_000;
    const deps = { db, clock: { now: () => now } };
    const { token } = createSession(db, deps.clock, "u");
    const lastSeen = () => (sqlite.query("SELECT last_seen_at AS t FROM sessions").get() as { t: number }).t;

    now += SESSION_TOUCH_MS - 1;
    expect(lookupSession(deps, token)?.userId).toBe("u");
    expect(lastSeen()).toBe(1_000_000);
    now += 2;
    expect(lookupSession(deps, token)?.userId).toBe("u");
    expect(lastSeen()).toBe(now);

    sqlite.query("DELETE FROM sessions").run();
    expect(lookupSession(deps, token)).toBeNull();
    close();
  });
});
