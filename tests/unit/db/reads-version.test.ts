// users.reads_version, counted by triggers (drizzle/0009): every write to what a listener's polled reads show
// counts up that listener's version, and only theirs, so their remembered answers hold through others' writes.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../../src/server/db/client.ts";
import {
  combinations,
  distributionEntries,
  distributions,
  managedPlaylists,
  simplePreferences,
  users,
} from "../../../src/server/db/schema/index.ts";
import { createDistribution, createManagedPlaylist, createUser } from "../../support/factories.ts";

function setUp() {
  const opened = openDatabase(":memory:");
  const { db } = opened;
  createUser(db, { id: "listener" });
  createUser(db, { id: "other" });
  const versionOf = (id: string) =>
    db.select({ v: users.readsVersion }).from(users).where(eq(users.id, id)).get()?.v;
  return { ...opened, versionOf };
}

describe("a listener's reads version", () => {
  test("counts up on every insert, update and delete of their selection, combinations, playlists and runs", () => {
    const { db, close, versionOf } = setUp();
    const writes: [string, () => void][] = [
      [
        "select",
        () => db.insert(simplePreferences).values({ userId: "listener", name: "Chill", selectedAt: 1 }).run(),
      ],
      ["reselect", () => db.update(simplePreferences).set({ selectedAt: 2 }).run()],
      ["deselect", () => db.delete(simplePreferences).run()],
      [
        "combine",
        () =>
          db
            .insert(combinations)
            .values({ id: "c1", userId: "listener", playlistName: "Rock or Rap", criteria: {}, createdAt: 1 })
            .run(),
      ],
      ["deactivate", () => db.update(combinations).set({ active: false }).run()],
      ["drop combination", () => db.delete(combinations).run()],
      ["playlist", () => createManagedPlaylist(db, { id: "p1", userId: "listener", preferenceKey: "Chill" })],
      ["vanish", () => db.update(managedPlaylists).set({ status: "vanished" }).run()],
      ["forget playlist", () => db.delete(managedPlaylists).run()],
      ["run", () => createDistribution(db, { id: "d1", userId: "listener" })],
      [
        "progress entry",
        () =>
          db.insert(distributionEntries).values({ distributionId: "d1", distributionType: "Standard" }).run(),
      ],
      ["progress", () => db.update(distributionEntries).set({ completedWork: 5 }).run()],
      ["progress gone", () => db.delete(distributionEntries).run()],
      ["run ends", () => db.update(distributions).set({ status: "finished" }).run()],
      ["run gone", () => db.delete(distributions).run()],
    ];
    for (const [what, write] of writes) {
      const before = versionOf("listener") ?? -1;
      write();
      expect({ what, counted: (versionOf("listener") ?? -1) - before }).toEqual({ what, counted: 1 });
    }
    expect(versionOf("other")).toBe(0);
    close();
  });

  test("another listener's writes leave it alone", () => {
    const { db, close, versionOf } = setUp();
    createDistribution(db, { id: "theirs", userId: "other" });
    db.insert(distributionEntries).values({ distributionId: "theirs", distributionType: "Standard" }).run();
    createManagedPlaylist(db, { id: "their-playlist", userId: "other", preferenceKey: "Rock" });
    expect(versionOf("listener")).toBe(0);
    expect(versionOf("other")).toBe(3);
    close();
  });
});
