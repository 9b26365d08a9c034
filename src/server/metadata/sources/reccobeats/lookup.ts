// ReccoBeats: the audio features (tempo included) of songs no earlier source gave features, 40 songs a call.
import type { SourcePass } from "../../source-base/definition.ts";
import { storeFeatures } from "../../store/facts-repository.ts";
import { askInRounds } from "../../store/rounds.ts";
import { RECCOBEATS_BATCH, type ReccoBeatsClient } from "./client.ts";

export async function lookUpReccoBeats(pass: SourcePass<ReccoBeatsClient>): Promise<void> {
  const { deps, client, order, lacking, changed, progress } = pass;
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
}
