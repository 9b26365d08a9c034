// What a journal step's handler gets, and the Spotify calls the journal makes.
import type { Deps } from "../../deps/deps.ts";
import type { StepMarks, StepRow } from "../repository/journal.ts";
import type { SongRecords } from "../repository/playlist-songs.ts";
import type { PlaylistState } from "../repository/playlists.ts";
import type { PlaylistViews } from "./edits.ts";
import type { ResumeCheck } from "./resume-check.ts";
import type { RunActivity } from "./run-activity.ts";
import type { JournalApi } from "./spotify-calls.ts";

export type { JournalApi };

export const MAX_UNKNOWN_OUTCOME_RETRIES = 4;

/** The statements a journal run writes at every step, prepared once per run, and what the run keeps. */
export interface JournalWrites {
  marks: StepMarks;
  songs: SongRecords;
  /** the playlists as the run found them on Spotify and keeps them */
  views: PlaylistViews;
  /** the playlists' activity */
  activity: RunActivity;
}

/** What every handler gets: the step, its playlist and how to close the step. */
export interface StepContext {
  writes: JournalWrites;
  deps: Pick<Deps, "db" | "clock">;
  api: JournalApi;
  step: StepRow;
  playlist: PlaylistState;
  /** set when the run is resumed: every add and creation may have been sent already */
  resume: ResumeCheck | null;
  /** marks the step done with its result; call it inside the transaction that records the step's effects */
  done(result: string | null): void;
  /** runs `effects` and the done mark in one transaction */
  commit(effects: () => void, result: string | null): void;
}
