// ReccoBeats: the audio features (tempo included) of songs no earlier source gave features, 40 songs a call.
import { RECCOBEATS_BATCH } from "../../sources/reccobeats.ts";
import { storeFeatures } from "../store/facts-repository.ts";
import { askInRounds } from "../store/rounds.ts";
import type { OpenSourceLookup } from "./source.ts";

export const reccoBeatsLookup: OpenSourceLookup<"reccobeats"> = {
  songAnswer: "features",
  async lookUp({ deps, client, order, lacking, changed, progress }) {
    const rounds = {
      source: "reccobeats",
      kind: "features",
      size: RECCOBEATS_BATCH,
      now: () => deps.clock.now(),
      recorded: progress,
    } as const;
    for await (const songs of lacking("features")) {
      await askInRounds(
        deps.db,
        rounds,
        songs.map((t) => t.id),
        async (round) => {
          const found = await client.audioFeatures(round);
          storeFeatures(deps.db, found, "reccobeats", deps.clock.now(), order);
          changed(found.keys());
          return new Set(found.keys());
        },
      );
    }
  },
};
