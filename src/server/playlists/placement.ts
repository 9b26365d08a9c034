// GET /api/songs/{trackId}/placement: for one liked song, each group's answer — the playlists it is in, and
// for the others why not (a fact no source knows yet, an entry not chosen, kept out, waiting for the update).
import { type CatalogueGroup, catalogue, stripPostfix } from "../../shared/catalogue/index.ts";
import { ageText, explainTexts, type Reason } from "../../shared/explain.ts";
import { hasCombinationAccess, type MembershipLevel } from "../../shared/membership.ts";
import { partsOf, passes } from "../../shared/rules/evaluate.ts";
import { facts } from "../../shared/rules/facts.ts";
import { failingParts } from "../../shared/rules/why-not.ts";
import type { SongPlacement, SongSearchHit } from "../../shared/schemas/explain.ts";
import type { Deps } from "../deps/deps.ts";
import { activeCombinations } from "../distribution/combinations/repository.ts";
import { namedStoredRule } from "../distribution/combinations/stored-criteria.ts";
import { excludedTracksByPreference } from "../distribution/repository/exclusions.ts";
import { loadSelection } from "../distribution/runs/plan-inputs.ts";
import { likedSong } from "../library/considered.ts";
import { fieldsOfRules, loadFacts } from "../library/fact-sources.ts";
import { songQuestions } from "../metadata/sources/index.ts";
import { notFound } from "../platform/errors.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { songRecords } from "./explain-repository.ts";
import { lastAsked, playlistsHolding, searchLikedSongs } from "./placement-repository.ts";
import { entryReason, knows, type TrackEvidence } from "./reasons.ts";

type Caller = { userId: string; membershipLevel: MembershipLevel };

export function searchSongs(
  deps: Pick<Deps, "db">,
  userId: string,
  query: string,
): { songs: SongSearchHit[] } {
  return { songs: searchLikedSongs(deps.db, userId, query) };
}

/** The first fact the group's rules read that no source has for this song yet, in words; null when all are known. */
function missingFact(group: CatalogueGroup, track: TrackEvidence): string | null {
  const read = new Set(group.entries.flatMap((e) => partsOf(e.rule).map((part) => part.fact)));
  for (const fact of read) {
    const unknown = facts[fact].unknown;
    if (unknown !== null && !knows[fact](track)) return unknown;
  }
  return null;
}

export function getPlacement(deps: Deps, caller: Caller, trackId: string): SongPlacement {
  const { db } = deps;
  const [found] = songRecords(db, caller.userId, [trackId]);
  // Not the listener's like: refused before anything is classified (and a stale classification rewritten).
  if (!found) throw notFound("Not one of your liked songs.");
  const record = found;
  const rules = hasCombinationAccess(caller.membershipLevel)
    ? activeCombinations(db, caller.userId).map((c) => ({
        id: c.id,
        name: c.playlistName,
        rule: namedStoredRule(db, caller.userId, c),
      }))
    : [];
  // this song as planning judges it (corrections applied), not the whole library, with the facts the rules read
  const fields = fieldsOfRules(rules.map((r) => r.rule));
  const song = likedSong(deps, caller.userId, trackId, { artistIds: fields.has("artistIds") });
  if (!song) throw notFound("Not one of your liked songs.");
  loadFacts(db, caller.userId, [song], fields);
  const now = deps.clock.now();
  const holding = playlistsHolding(db, caller.userId, trackId);
  const selected = new Set(loadSelection(db, caller.userId).map((p) => p.name));
  const excluded = excludedTracksByPreference(db, caller.userId);
  const moment = { now, timeZone: readTimeZone(db, caller.userId).timeZone };
  const evidence = { track: record.evidence, likedAt: record.likedAt, timeZone: moment.timeZone, now };
  const groups = catalogue.map((group: CatalogueGroup) => {
    const names = new Set(group.entries.map((e) => e.name));
    const inGroup = holding.filter((p) => p.source === "predefined" && names.has(p.preferenceKey));
    const playlists = inGroup.map((p) => stripPostfix(p.name));
    const entries = group.entries.filter((e) => passes(e.rule, song, moment));
    const reasons: Reason[] = entries.flatMap((e) => entryReason(e, evidence) ?? []);
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
      const missing = missingFact(g, record.evidence);
      if (missing !== null) {
        const asked = lastAsked(db, songQuestions, trackId);
        return explainTexts.whyNot.unknown(g.group, missing, asked === null ? null : ageText(asked, now));
      }
      if (fitting.length === 0) return explainTexts.whyNot.noEntry(g.group);
      const chosen = fitting.filter((n) => selected.has(n));
      if (chosen.length === 0) return explainTexts.whyNot.notChosen(g.group, fitting.slice(0, 4));
      const kept = chosen.filter((n) => excluded.get(`predefined:${n}`)?.has(trackId));
      if (kept.length > 0) return explainTexts.whyNot.keptOut(g.group, kept);
      return explainTexts.whyNot.chosenNotYet(g.group, chosen);
    }
  });
  const combinations = holding.filter((p) => p.source === "combination");
  const inRules = new Set(combinations.map((p) => p.preferenceKey));
  // Each rule not holding the song names the part that fails it.
  const whyNot = rules
    .filter((r) => !inRules.has(r.id))
    .map((r) => explainTexts.whyNot.rule(r.name, failingParts(r.rule, song, moment), r.rule.limit));
  const names = combinations.map((p) => stripPostfix(p.name));
  return {
    trackId,
    name: record.name,
    groups: [
      ...groups,
      {
        group: "Combinations",
        playlists: names,
        text: [names.length > 0 ? explainTexts.whyNot.inPlaylists(names) : explainTexts.whyNot.noCombination]
          .concat(whyNot)
          .join("; "),
      },
    ],
  };
}
