// Deezer as an open source: its client at Deezer's quota and its bpm lookup.
import { windowPacing } from "../../../platform/pacing.ts";
import { openMetadataSource } from "../../source-base/definition.ts";
import { createDeezerClient, DEEZER_WINDOW_MS } from "./client.ts";
import { lookUpDeezer } from "./lookup.ts";

/** Deezer's quota: 50 requests per 5 seconds. */
const CALLS_PER_WINDOW = 50;

export const deezer = openMetadataSource({
  createClient: createDeezerClient,
  // the spacing windowPacing keeps: the window over all but two calls
  intervalMs: Math.ceil(DEEZER_WINDOW_MS / (CALLS_PER_WINDOW - 2)),
  pacing: (t) => windowPacing(CALLS_PER_WINDOW, DEEZER_WINDOW_MS, t.now, t.sleep),
  probe: "/track/isrc:USUM71703861",
  songAnswer: "bpm",
  lookUp: lookUpDeezer,
});
