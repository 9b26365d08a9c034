// Deezer: the bpm of songs every earlier source answered without a tempo, by ISRC, one song a call. Its questions
// start as soon as the earlier sources' first answers are in, so it runs beside them at its own pace.

import { storeTempo } from "../store/facts-repository.ts";
import { askable, recordLookups } from "../store/lookups-repository.ts";
import type { OpenSourceLookup } from "./source.ts";

export const deezerLookup: OpenSourceLookup<"deezer"> = {
  songAnswer: "bpm",
  async lookUp({ deps, client, order, lacking, changed, progress }) {
    const sqlite = deps.db.$client;
    for await (const songs of lacking("tempo")) {
      const withIsrc = songs.filter((t) => t.isrc !== null);
      const open = new Set(
        askable(
          sqlite,
          "deezer",
          "bpm",
          withIsrc.map((t) => t.id),
          deps.clock.now(),
        ),
      );
      for (const track of withIsrc) {
        if (!open.has(track.id) || track.isrc === null) continue;
        const bpm = await client.bpmByIsrc(track.isrc);
        if (bpm !== null) {
          storeTempo(deps.db, "deezer", track.id, bpm, order);
          changed([track.id]);
        }
        const found = new Set(bpm === null ? [] : [track.id]);
        recordLookups(sqlite, "deezer", "bpm", [track.id], found, deps.clock.now());
        progress();
      }
    }
  },
};
