// The journal tests' shared prologue: a database in memory with one listener and their running distribution.
import { type Db, openDatabase } from "../../../src/server/db/client.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import type { NewDistribution, NewJournalStep, NewManagedPlaylist } from "../../support/factories.ts";
import {
  addJournalSteps,
  createDistribution,
  createManagedPlaylist,
  createUser,
} from "../../support/factories.ts";

/** Listener `u` and run `d` (hourly, running unless given); `deps` is what the journal needs. */
export function runningDistribution(
  options: { spotifyId?: string; trigger?: NewDistribution["trigger"] } = {},
) {
  const { db, sqlite } = openDatabase(":memory:");
  createUser(db, { id: "u", spotifyId: options.spotifyId ?? "s" });
  createDistribution(db, { id: "d", userId: "u", trigger: options.trigger ?? "hourly" });
  return { db, sqlite, deps: { db, clock: manualClock(), log: createLogger("silent") } };
}

/** Playlist `rock` of run `d` with no Spotify playlist yet: its creation step (pending unless given), then one add. */
export function rockBeingCreated(db: Db, creation: "pending" | "sent" = "pending"): void {
  createManagedPlaylist(db, { id: "rock", userId: "u", preferenceKey: "Rock" });
  addJournalSteps(db, "d", [
    { playlistId: "rock", op: "create", trackIds: [], status: creation },
    { playlistId: "rock", op: "add", trackIds: ["t1"] },
  ]);
}

/** Listener `u`'s playlist `id` (its preference key the same) with run `d`'s steps for it, in order. */
export function playlistWithSteps(
  db: Db,
  playlist: Partial<NewManagedPlaylist> & Pick<NewManagedPlaylist, "id">,
  steps: readonly Pick<NewJournalStep, "op" | "trackIds">[],
): void {
  createManagedPlaylist(db, { userId: "u", preferenceKey: playlist.id, ...playlist });
  addJournalSteps(
    db,
    "d",
    steps.map((step) => ({ playlistId: playlist.id, ...step })),
  );
}
