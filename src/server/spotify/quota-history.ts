// The quota pauses kept for the operator charts (ADR 0024: charts read persisted records): a row when a pause
// begins, its probes as they go out, its end when a probe is answered. The pause itself lives in memory, so a
// pause a restart interrupted is closed at the next start.
import { isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { spotifyQuotaPauses } from "../db/schema/index.ts";
import type { QuotaState } from "./quota-gate.ts";

export class QuotaHistory {
  /** the start of the pause being written, null when none */
  private open: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    db.update(spotifyQuotaPauses).set({ endedAt: now() }).where(isNull(spotifyQuotaPauses.endedAt)).run();
  }

  /** The gate changed: a pause began, a probe went out, or the pause ended. */
  record(state: QuotaState): void {
    try {
      if (state.paused && state.since !== null) {
        this.db
          .insert(spotifyQuotaPauses)
          .values({ startedAt: state.since, probes: state.probes })
          .onConflictDoUpdate({ target: spotifyQuotaPauses.startedAt, set: { probes: state.probes } })
          .run();
        this.open = state.since;
      } else if (this.open !== null) {
        this.db
          .update(spotifyQuotaPauses)
          .set({ endedAt: this.now(), probes: state.probes })
          .where(sql`${spotifyQuotaPauses.startedAt} = ${this.open}`)
          .run();
        this.open = null;
      }
    } catch {
      // a chart's record is not worth failing a Spotify call for; the next change writes again
    }
  }
}
