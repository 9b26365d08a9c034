// The live preview of a rule being written or edited (POST /api/distributor/combinatorial/preview): how many
// songs it would hold now and the first of them in its order. No playlist is written and the listener's likes are
// judged as Crate last read them, with the same evaluator and the same order as planning; only a playlist of theirs
// the rule names (`inPlaylist`) is read from Spotify when Crate has not checked it in the last minute.
import { compileCombination } from "../../../../shared/combinations/compile.ts";
import type { RuleDefinition } from "../../../../shared/combinations/rules.ts";
import type { PreviewRule } from "../../../../shared/combinations/schema.ts";
import type { RulePreview } from "../../../../shared/combinations/types.ts";
import { ErrorCode } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import { hasCombinationAccess } from "../../../../shared/membership.ts";
import { rateRules } from "../../../../shared/rate-rules.ts";
import { isRolling, rewritePeriod } from "../../../../shared/rules/arrangement.ts";
import { passes, passingSongs } from "../../../../shared/rules/evaluate.ts";
import type { Rule } from "../../../../shared/rules/model.ts";
import { inOrder, likeOrder, periodKey } from "../../../../shared/rules/order.ts";
import type { Deps } from "../../../deps/deps.ts";
import type { PlannedSong } from "../../../library/considered.ts";
import { fieldsOfRules, loadRuleSongs, type RuleLibrary } from "../../../library/fact-sources.ts";
import { checkSourcePlaylists } from "../../../library/source-playlists.ts";
import { sourcePlaylistsStamp } from "../../../library/source-playlists-repository.ts";
import { AppError, notFound } from "../../../platform/errors.ts";
import { readTimeZone } from "../../../user/time-zone.ts";
import { onePerRecording } from "../../plan/one-per-recording.ts";
import { currentSongs, removedByListenerIn } from "../../repository/playlist-songs.ts";
import { playlistsOfPreference } from "../../repository/playlists.ts";
import { loadUserFacts } from "../../runs/plan-inputs.ts";
import type { Caller } from "../../runs/request-guards.ts";
import { activeCombination } from "../repository.ts";
import { readStoredRule } from "../stored-criteria.ts";
import { previewSongsOf } from "./preview-repository.ts";
import { canonicalOrRefused } from "./rule-checks.ts";

/** How long a listener's songs read for previews serve the next previews (while they edit one rule). */
const SONGS_FRESH_MS = 30_000;
/** Listeners whose songs are held for previews at once; the one read longest ago leaves first. */
const SONGS_HELD = 20;
const songsForPreviews = new Map<string, { readAt: number; library: RuleLibrary }>();
/** How long the songs of a playlist the rule names, as read for a preview, serve the next previews. */
const SOURCE_FRESH_MS = 60_000;

/**
 * Reads the listener's playlists the rule names that Crate has not checked for a minute (one call each, their
 * items when they moved; a few a minute: rateRules.previewPlaylistCheck), so a playlist just picked counts its
 * songs. A refused or failed read leaves the playlist as Crate last read it.
 */
async function checkNamedPlaylists(
  deps: Pick<Deps, "db" | "clock" | "rateLimits" | "spotifyFor" | "log">,
  userId: string,
  definition: RuleDefinition,
): Promise<void> {
  const named = [...definition.criteria, ...definition.except].flatMap((c) =>
    c.inPlaylist ? [c.inPlaylist] : [],
  );
  if (named.length === 0) return;
  const admit = () => deps.rateLimits.tryTake(rateRules.previewPlaylistCheck, userId);
  try {
    await checkSourcePlaylists(deps, deps.spotifyFor(userId), userId, named, SOURCE_FRESH_MS, admit);
  } catch (error) {
    deps.log.warn("preview: a named playlist could not be read", { userId, error: String(error) });
  }
}

/**
 * The listener's songs with the facts the rule reads. Reading and classifying 20,000 likes takes far longer than
 * judging them, and the wizard asks for a preview at every pause in typing: the songs read for one preview serve
 * the listener's next ones for 30 seconds (a like or a new fact shows in the preview after that, as in the plan).
 */
function previewLibrary(
  deps: Pick<Deps, "db">,
  caller: Caller,
  rule: Rule,
  editing: boolean,
  now: number,
): RuleLibrary {
  const fields = fieldsOfRules([rule]);
  // the songs of the listener's playlists a rule names change with each read of them (a preview's, an update's)
  const sources = fields.has("playlists") ? sourcePlaylistsStamp(deps.db, caller.userId) : "";
  const key = `${caller.userId}|${caller.membershipLevel}|${[...fields].sort().join()}|${editing}|${sources}`;
  const held = songsForPreviews.get(key);
  if (held && now - held.readAt < SONGS_FRESH_MS && now >= held.readAt) return held.library;
  const library = loadRuleSongs(deps, caller.userId, caller.membershipLevel, [rule], editing);
  songsForPreviews.delete(key);
  songsForPreviews.set(key, { readAt: now, library });
  for (const old of songsForPreviews.keys()) {
    if (songsForPreviews.size <= SONGS_HELD) break;
    songsForPreviews.delete(old);
  }
  return library;
}

/** The songs a rule's playlist would hold now, in its order (the planner's choice of songs, without writing). */
export async function previewRule(
  deps: Pick<Deps, "db" | "clock" | "rateLimits" | "spotifyFor" | "log">,
  caller: Caller,
  input: PreviewRule,
) {
  if (!hasCombinationAccess(caller.membershipLevel)) throw new AppError(ErrorCode.FeatureNotAvailable);
  deps.rateLimits.take(rateRules.rulePreview, caller.userId);
  const existing = input.id ? activeCombination(deps.db, caller.userId, input.id) : undefined;
  if (input.id && !existing) throw notFound("No combination of yours has this id.");
  const definition = canonicalOrRefused({
    ...input,
    unliked: existing ? readStoredRule(existing).unliked : "keep",
  });
  await checkNamedPlaylists(deps, caller.userId, definition);
  const rule = compileCombination(definition);
  const facts = loadUserFacts(deps.db, caller.userId);
  const now = deps.clock.now();
  const moment = { now, timeZone: readTimeZone(deps.db, caller.userId).timeZone };
  const library = previewLibrary(deps, caller, rule, existing !== undefined, now);
  let candidates: PlannedSong[] = passingSongs(rule, library.considered, moment);
  if (existing) {
    // Songs the listener removed from its playlist take no place; unliked songs it keeps keep theirs.
    const rows = playlistsOfPreference(deps.db, caller.userId, "combination", existing.id);
    const removed = new Set(rows.flatMap((row) => removedByListenerIn(deps.db, row.id)));
    const kept =
      definition.unliked === "keep"
        ? rows
            .flatMap((row) => currentSongs(deps.db, caller.userId, row.id))
            .flatMap((id) => {
              const song = library.unliked?.get(id);
              return song && passes(rule, song, moment) ? [song] : [];
            })
        : [];
    candidates = [...candidates, ...kept].filter((song) => !removed.has(song.trackId)).sort(likeOrder);
  }
  if (facts?.addRecordingOnce) candidates = onePerRecording(candidates);
  const period = rewritePeriod(rule);
  // the planner's seed: the same shuffle as the playlist's, under the name it has or is given
  const name = input.playlistName ?? existing?.playlistName ?? "";
  const seed = `${caller.userId}:${name}:${period === null ? "" : periodKey(period, now)}`;
  const ordered = inOrder(candidates, rule.order, seed);
  const held = isRolling(rule) ? ordered.slice(0, rule.limit ?? ordered.length) : ordered;
  const preview: RulePreview = {
    total: held.length,
    songs: previewSongsOf(
      deps.db,
      caller.userId,
      held.slice(0, limits.rules.previewSongs).map((s) => s.trackId),
    ),
  };
  return preview;
}
