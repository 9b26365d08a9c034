// ReccoBeats as an open source: its client at about 2 requests a second, as public ReccoBeats clients send, and
// its features lookup.
import { SpacedPacing } from "../../../platform/pacing.ts";
import { openMetadataSource } from "../../source-base/definition.ts";
import { createReccoBeatsClient } from "./client.ts";
import { lookUpReccoBeats } from "./lookup.ts";

const INTERVAL_MS = 500;

export const reccobeats = openMetadataSource({
  createClient: createReccoBeatsClient,
  intervalMs: INTERVAL_MS,
  pacing: (t) => new SpacedPacing(INTERVAL_MS, t.now, t.sleep),
  probe: "/audio-features?ids=4uLU6hMCjMI75M1A2tKUQC",
  songAnswer: "features",
  lookUp: lookUpReccoBeats,
});
