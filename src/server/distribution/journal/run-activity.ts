// What a run records in its playlists' activity as its writes are done: the first fill (or a recreation) as one
// entry, an update's additions as one, its removals as one per reason, and a put back as such. A song the run
// takes out and puts back in the same playlist (a Latest N rebuilt in order, a sample drawn again) did not change.
import { type ActivityKind, isRemovalReason, type RemovalReason } from "../../../shared/activity.ts";
import { addToRunEntry, runEntryKind, withdrawFromRunEntry } from "../../activity/record.ts";
import type { Db } from "../../db/client.ts";
import type { DistributionTrigger } from "../repository/runs.ts";

/** The playlist a write went to, as the journal knows it. */
export interface WrittenPlaylist {
  id: string;
  userId: string;
  source: string;
  preferenceKey: string;
}

const place = (p: WrittenPlaylist) => ({
  userId: p.userId,
  source: p.source === "combination" ? ("combination" as const) : ("predefined" as const),
  preferenceKey: p.preferenceKey,
  playlistId: p.id,
});

export class RunActivity {
  /** per playlist: the songs this run took out, and why */
  private readonly takenOut = new Map<string, Map<string, RemovalReason | null>>();
  /** per playlist: the kind its additions count as in this run */
  private readonly addKind = new Map<string, ActivityKind>();

  constructor(
    private readonly db: Db,
    private readonly distributionId: string,
    private readonly trigger: DistributionTrigger | null,
  ) {}

  /** The playlist was made on Spotify: its songs of this run are its first fill (or its recreation). */
  made(playlist: WrittenPlaylist, at: number): void {
    const kind = this.trigger === "recreate" ? "recreated" : "created";
    this.addKind.set(playlist.id, kind);
    addToRunEntry(this.db, {
      ...place(playlist),
      distributionId: this.distributionId,
      kind,
      trackIds: [],
      at,
    });
  }

  added(playlist: WrittenPlaylist, trackIds: readonly string[], at: number): void {
    const takenOut = this.takenOut.get(playlist.id);
    const fresh: string[] = [];
    const back = new Map<RemovalReason | null, string[]>();
    for (const id of trackIds) {
      if (!takenOut?.has(id)) {
        fresh.push(id);
        continue;
      }
      const reason = takenOut.get(id) ?? null;
      takenOut.delete(id);
      back.set(reason, [...(back.get(reason) ?? []), id]);
    }
    for (const [reason, ids] of back)
      withdrawFromRunEntry(this.db, {
        distributionId: this.distributionId,
        playlistId: playlist.id,
        reason,
        trackIds: ids,
      });
    if (fresh.length === 0) return;
    addToRunEntry(this.db, {
      ...place(playlist),
      distributionId: this.distributionId,
      kind: this.kindOfAdds(playlist.id),
      trackIds: fresh,
      at,
    });
  }

  removed(
    playlist: WrittenPlaylist,
    trackIds: readonly string[],
    reasons: readonly (string | null)[] | null,
    at: number,
  ): void {
    const byReason = new Map<RemovalReason | null, string[]>();
    const takenOut = this.takenOut.get(playlist.id) ?? new Map<string, RemovalReason | null>();
    trackIds.forEach((id, i) => {
      const given = reasons?.[i];
      const reason = isRemovalReason(given) ? given : null;
      takenOut.set(id, reason);
      byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
    });
    this.takenOut.set(playlist.id, takenOut);
    for (const [reason, ids] of byReason)
      addToRunEntry(this.db, {
        ...place(playlist),
        distributionId: this.distributionId,
        kind: "removedByCrate",
        reason,
        trackIds: ids,
        at,
      });
  }

  private kindOfAdds(playlistId: string): ActivityKind {
    let kind = this.addKind.get(playlistId);
    if (!kind) {
      // A run resumed after its creation was done keeps filling that creation's entry.
      kind =
        this.trigger === "putBack"
          ? "putBack"
          : (runEntryKind(this.db, this.distributionId, playlistId, ["created", "recreated"]) ?? "added");
      this.addKind.set(playlistId, kind);
    }
    return kind;
  }
}
