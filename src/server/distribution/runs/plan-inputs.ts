// What planning reads from the database: the user's selection, managed playlists and what Crate put in them.
import { type CatalogueEntry, entryByName } from "../../../shared/catalogue/index.ts";
import type { MembershipLevel } from "../../../shared/membership.ts";
import { isRolling, rewritePeriod } from "../../../shared/rules/arrangement.ts";
import type { Rule } from "../../../shared/rules/model.ts";
import { eachSetting, type ListenerSettings } from "../../../shared/settings.ts";
import type { Db } from "../../db/client.ts";
import { isLeftAlone } from "../journal/vanished.ts";
import type { ExistingPlaylist, PreferenceInput, Reconcile } from "../plan/preference-plan.ts";
import { selectedPreferences, userFacts } from "../repository/listeners.ts";
import {
  currentSongs,
  everAddedReader,
  heldRecordings,
  removedByListenerIn,
} from "../repository/playlist-songs.ts";
import { type PlaylistRow, playlistsOfSource } from "../repository/playlists.ts";

/** Membership and every listener setting (a user without settings has them all off). */
export type UserFacts = { membershipLevel: MembershipLevel } & ListenerSettings;

export function loadUserFacts(db: Db, userId: string): UserFacts | null {
  const row = userFacts(db, userId);
  if (!row) return null;
  return { membershipLevel: row.membershipLevel, ...eachSetting((key) => row[key] === true) };
}

export interface SelectedPreference {
  name: string;
  selectedAt: number;
  entry: CatalogueEntry;
}

/** The user's predefined selection (entries no longer in the catalogue are left out). */
export function loadSelection(db: Db, userId: string): SelectedPreference[] {
  const rows = selectedPreferences(db, userId);
  const selection: SelectedPreference[] = [];
  for (const row of rows) {
    const entry = entryByName(row.name);
    if (entry && entry.name === row.name)
      selection.push({ name: row.name, selectedAt: row.selectedAt, entry });
  }
  return selection;
}

export type { PlaylistRow } from "../repository/playlists.ts";

export function loadPredefinedPlaylists(db: Db, userId: string): PlaylistRow[] {
  return playlistsOfSource(db, userId, "predefined");
}

/** Every song Crate ever added to the playlists of each additive preference (rolling kinds need none). */
function loadEverAdded(
  db: Db,
  names: ReadonlySet<string>,
  playlists: readonly PlaylistRow[],
): Map<string, Set<string>> {
  const byPreference = new Map<string, Set<string>>();
  for (const name of names) byPreference.set(name, new Set());
  const songsOf = everAddedReader(db);
  for (const playlist of playlists) {
    const added = byPreference.get(playlist.preferenceKey);
    if (!added) continue;
    for (const trackId of songsOf(playlist.id)) added.add(trackId);
  }
  return byPreference;
}

/** AddRecordingOnce: the recordings (ISRCs) of the songs Crate holds in each of the user's playlists now. */
export function loadHeldRecordings(db: Db, userId: string): Map<string, Set<string>> {
  const held = new Map<string, Set<string>>();
  const rows = heldRecordings(db, userId);
  for (const row of rows) {
    if (row.isrc === null) continue;
    let set = held.get(row.playlistId);
    if (!set) {
      set = new Set();
      held.set(row.playlistId, set);
    }
    set.add(row.isrc);
  }
  return held;
}

/** A rule whose playlist holds exactly what it gives now, or is written anew each period. */
const holdsWhatItGives = (rule: Rule, reconcile?: Reconcile | null) =>
  isRolling(rule) || rewritePeriod(rule) !== null || reconcile === "reorder";

/** Whether planning a rule reads the songs its playlists hold now (not only those it ever added). */
export const readsHeldSongs = (rule: Rule, reconcile?: Reconcile | null): boolean =>
  holdsWhatItGives(rule, reconcile) || reconcile === "match" || rule.unliked === "remove";

/** A managed playlist as planning sees it, with what it holds when the rule reads that. */
export function existingPlaylist(
  db: Db,
  userId: string,
  row: PlaylistRow,
  rule: Rule,
  reconcile?: Reconcile | null,
  held?: ReadonlyMap<string, ReadonlySet<string>>,
): ExistingPlaylist {
  return {
    id: row.id,
    bucket: row.bucket,
    sequence: row.sequence,
    // Frozen or deselected rows of an updated preference are active again; a vanished or failed one is
    // left alone (planned as vanished).
    status: isLeftAlone(row.status) ? "vanished" : "active",
    hasSpotifyPlaylist: row.spotifyPlaylistId !== null,
    songCount: row.trackCount,
    samplePeriod: row.samplePeriod,
    currentSongs: readsHeldSongs(rule, reconcile) ? currentSongs(db, userId, row.id) : [],
    removedByListener: holdsWhatItGives(rule, reconcile)
      ? new Set(removedByListenerIn(db, row.id))
      : undefined,
    recordings: held?.get(row.id),
  };
}

/**
 * Planning inputs for the preferences that are updated now; `held` (AddRecordingOnce only) gives each
 * playlist's recordings.
 */
export function loadPreferenceInputs(
  db: Db,
  userId: string,
  active: readonly SelectedPreference[],
  playlists: readonly PlaylistRow[],
  held?: ReadonlyMap<string, ReadonlySet<string>>,
): PreferenceInput[] {
  const additive = active.filter((p) => !holdsWhatItGives(p.entry.rule)).map((p) => p.name);
  const everAdded = loadEverAdded(db, new Set(additive), playlists);
  return active.map((pref) => ({
    name: pref.name,
    rule: pref.entry.rule,
    selectedAt: pref.selectedAt,
    playlists: playlists
      .filter((p) => p.preferenceKey === pref.name)
      .map((p) => existingPlaylist(db, userId, p, pref.entry.rule, null, held)),
    everAdded: everAdded.get(pref.name) ?? new Set(),
  }));
}
