// GET /api/songs/{trackId}/placement: for one liked song, each group's answer — the playlists it is in, and
// for the others why not (a fact no source knows yet, an entry not chosen, kept out, waiting for the update).
import { type CatalogueGroup, catalogue, stripPostfix } from "../../shared/catalogue/index.ts";
import { ageText, explainTexts, type Reason } from "../../shared/explain.ts";
import { type MembershipLevel, premiumLevel } from "../../shared/membership.ts";
import type { SongPlacement, SongSearchHit } from "../../shared/schemas/explain.ts";
import type { Deps } from "../deps/deps.ts";
import { excludedTracksByPreference } from "../distribution/repository/exclusions.ts";
import { loadSelection } from "../distribution/runs/plan-inputs.ts";
import { loadConsideredSongs } from "../library/considered.ts";
import { songQuestions } from "../metadata/sources/index.ts";
import { notFound } from "../platform/errors.ts";
import { songRecords } from "./explain-repository.ts";
import { lastAsked, playlistsHolding, searchLikedSongs } from "./placement-repository.ts";
import { classifiedReason, type TrackEvidence } from "./reasons.ts";

type Caller = { userId: string; membershipLevel: MembershipLevel };

const classifiedGroups = new Set(["Mood", "Genre", "Decade", "Nationality", "Tempo", "Subgenre"]);

export function searchSongs(
  deps: Pick<Deps, "db">,
  userId: string,
  query: string,
): { songs: SongSearchHit[] } {
  return { songs: searchLikedSongs(deps.db, userId, query) };
}

/** The fact a classified group needs, when no source has it for this song; null when it is known. */
function missingFact(group: string, track: TrackEvidence): string | null {
  if (group === "Mood") return track.features?.energy == null ? "audio features" : null;
  if (group === "Tempo") return track.features?.tempo == null ? "tempo" : null;
  if (group === "Decade") return track.releaseDate === null ? "release date" : null;
  const hasGenres = track.artists.some(
    (a) =>
      (a.correction?.genres?.length ?? 0) > 0 ||
      (a.spotifyGenres?.length ?? 0) > 0 ||
      (a.mbTags?.length ?? 0) > 0,
  );
  if (group === "Nationality")
    return hasGenres || track.artists.some((a) => a.country !== null || a.correction?.country)
      ? null
      : "artists' country or genres";
  return hasGenres ? null : "artists' genres";
}

export function getPlacement(deps: Deps, caller: Caller, trackId: string): SongPlacement {
  const { db } = deps;
  const [record] = songRecords(db, caller.userId, [trackId]);
  // Not the listener's like: refused before the library is read (and its stale classifications rewritten).
  if (!record) throw notFound("Not one of your liked songs.");
  const song = loadConsideredSongs(deps, caller.userId, premiumLevel).find((s) => s.trackId === trackId);
  if (!song) throw notFound("Not one of your liked songs.");
  const now = deps.clock.now();
  const evidence = record.evidence;
  const holding = playlistsHolding(db, caller.userId, trackId);
  const selected = new Set(loadSelection(db, caller.userId).map((p) => p.name));
  const excluded = excludedTracksByPreference(db, caller.userId);
  const groups = catalogue.map((group: CatalogueGroup) => {
    const names = new Set(group.entries.map((e) => e.name));
    const inGroup = holding.filter((p) => p.source === "predefined" && names.has(p.preferenceKey));
    const playlists = inGroup.map((p) => stripPostfix(p.name));
    const entries = group.entries.filter((e) => song.categories.includes(e.name));
    const reasons: Reason[] = entries.flatMap(
      (e) => classifiedReason(e.kind, e.name, record.evidence, now) ?? [],
    );
    return {
      group: group.group,
      playlists,
      text: groupText(
        group,
        playlists,
        entries.map((e) => e.name),
      ),
    };

    function groupText(g: CatalogueGroup, inPlaylists: string[], fitting: string[]): string {
      if (inPlaylists.length > 0)
        return reasons.map((r) => r.text).join("; ") || explainTexts.whyNot.inPlaylists(inPlaylists);
      if (classifiedGroups.has(g.group)) {
        const missing = missingFact(g.group, evidence);
        if (missing !== null) {
          const asked = lastAsked(db, songQuestions, trackId);
          return explainTexts.whyNot.unknown(g.group, missing, asked === null ? null : ageText(asked, now));
        }
        if (fitting.length === 0) return explainTexts.whyNot.noEntry(g.group);
      } else {
        fitting = g.entries.map((e) => e.name);
      }
      const chosen = fitting.filter((n) => selected.has(n));
      if (chosen.length === 0) return explainTexts.whyNot.notChosen(g.group, fitting.slice(0, 4));
      const kept = chosen.filter((n) => excluded.get(`predefined:${n}`)?.has(trackId));
      if (kept.length > 0) return explainTexts.whyNot.keptOut(g.group, kept);
      return explainTexts.whyNot.chosenNotYet(g.group, chosen);
    }
  });
  const combinations = holding.filter((p) => p.source === "combination").map((p) => stripPostfix(p.name));
  return {
    trackId,
    name: record.name,
    groups: [
      ...groups,
      {
        group: "Combinations",
        playlists: combinations,
        text:
          combinations.length > 0 ? `In ${combinations.join(", ")}` : "In none of your combination playlists",
      },
    ],
  };
}
