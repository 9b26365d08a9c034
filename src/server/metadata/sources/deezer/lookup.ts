// Deezer: the bpm of songs every earlier source answered without a tempo, by ISRC, one song a call. Its questions
// start as soon as the earlier sources' first answers are in, so it runs beside them at its own pace.
import { transaction } from "../../../db/transaction.ts";
import type { SourcePass } from "../../source-base/definition.ts";
import { storeTempo } from "../../store/facts-repository.ts";
import { askable, recordLookups } from "../../store/lookups-repository.ts";
import type { PassTrack } from "../../store/repository.ts";
import type { DeezerClient } from "./client.ts";

/**
 * Questions in flight at once. The client's pacer starts them its interval apart whoever sends them; with one
 * at a time each answer's round trip would add to that interval, so the pace would be slower than Deezer's own.
 */
const IN_FLIGHT = 2;

export async function lookUpDeezer(pass: SourcePass<DeezerClient>): Promise<void> {
  const { deps, client, order, lacking, changed, progress } = pass;
  const ask = async (track: PassTrack & { isrc: string }) => {
    const bpm = await client.bpmByIsrc(track.isrc);
    // the fact and the question asked in one commit: one disk sync per answer instead of two
    transaction(deps.db, (tx) => {
      if (bpm !== null) storeTempo(tx, "deezer", track.id, bpm, order);
      const found = new Set(bpm === null ? [] : [track.id]);
      recordLookups(tx, "deezer", "bpm", [track.id], found, deps.clock.now());
    });
    if (bpm !== null) changed([track.id]);
    progress();
  };
  for await (const songs of lacking("tempo")) {
    const withIsrc = songs.filter((t): t is PassTrack & { isrc: string } => t.isrc !== null);
    const open = new Set(
      askable(
        deps.db,
        "deezer",
        "bpm",
        withIsrc.map((t) => t.id),
        deps.clock.now(),
      ),
    );
    const queue = withIsrc.filter((t) => open.has(t.id));
    // each worker takes the next song until none is left; a failure stops both (the pass asks again later)
    const worker = async () => {
      for (let track = queue.shift(); track; track = queue.shift()) {
        try {
          await ask(track);
        } catch (error) {
          queue.length = 0;
          throw error;
        }
      }
    };
    const ends = await Promise.allSettled(Array.from({ length: IN_FLIGHT }, worker));
    const failure = ends.find((end) => end.status === "rejected");
    if (failure) throw failure.reason;
  }
}
