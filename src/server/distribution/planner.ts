// Plans a user's distribution and records it in the journal, in one transaction.
import { managedPlaylistName } from "../../shared/catalogue/index.ts";
import { limits } from "../../shared/limits.ts";
import type { Deps } from "../deps.ts";
import { loadConsideredSongs } from "../library/considered.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { planCombinations } from "./combination-plan.ts";
import { kindOfEntry } from "./kinds.ts";
import { oneOwnerPerMonth } from "./month-owners.ts";
import { indexByCategory, type PlanContext, planPreference } from "./plan.ts";
import {
  loadHeldRecordings,
  loadPredefinedPlaylists,
  loadPreferenceInputs,
  loadSelection,
  loadUserFacts,
} from "./state.ts";
import { orderSteps } from "./steps.ts";
import { isLeftAlone } from "./vanished.ts";

export interface RecordedPlan {
  steps: number;
  consideredSongs: number;
  createdPlaylistNames: string[];
}

/**
 * Brings playlist statuses in line with the selection and membership (premium-only entries of a user who is
 * not PremiumYearly are frozen; deselected ones stop being updated), plans every updated preference and
 * writes the plan into the journal.
 */
export function recordPlan(
  deps: Pick<Deps, "db" | "clock">,
  distributionId: string,
  userId: string,
): RecordedPlan {
  const sqlite = deps.db.$client;
  const now = deps.clock.now();
  return sqlite.transaction((): RecordedPlan => {
    const facts = loadUserFacts(deps.db, userId);
    if (!facts) throw new Error(`user ${userId} does not exist`);
    const premium = facts.membershipLevel === "PremiumYearly";
    const selection = loadSelection(deps.db, userId);
    const active = selection.filter((p) => premium || !p.entry.premiumOnly);
    const frozen = new Set(selection.filter((p) => !premium && p.entry.premiumOnly).map((p) => p.name));
    const activeNames = new Set(active.map((p) => p.name));

    const setStatus = sqlite.query("UPDATE managed_playlists SET status = ? WHERE id = ?");
    for (const row of loadPredefinedPlaylists(deps.db, userId)) {
      if (isLeftAlone(row.status)) continue;
      const status = activeNames.has(row.preferenceKey)
        ? "active"
        : frozen.has(row.preferenceKey)
          ? "frozen"
          : "deselected";
      if (status !== row.status) setStatus.run(status, row.id);
    }

    const songs = loadConsideredSongs(deps, userId, facts.membershipLevel);
    const playlists = loadPredefinedPlaylists(deps.db, userId);
    const held = facts.addRecordingOnce ? loadHeldRecordings(deps.db, userId) : undefined;
    const inputs = loadPreferenceInputs(deps.db, userId, active, playlists, held);
    const ctx: PlanContext = {
      userId,
      now,
      capacity: limits.playlistCapacity,
      addRecordingOnce: facts.addRecordingOnce,
      timeZone: readTimeZone(deps.db, userId).timeZone,
      nameFor: (bucketName, sequence) =>
        managedPlaylistName(bucketName, {
          spillNumber: sequence,
          removePlaylistPostfix: facts.removePlaylistPostfix,
        }),
    };
    const byCategory = indexByCategory(songs);
    // Combination playlists are regular playlists whose membership test is their criteria.
    const combinations = planCombinations(deps.db, userId, facts.membershipLevel, songs, ctx, held);
    const works = [
      ...oneOwnerPerMonth(
        inputs,
        inputs.flatMap((input) => planPreference(input, songs, byCategory, ctx)),
      ),
      ...combinations.works,
    ];
    const { steps, totals } = orderSteps(works, songs.length);

    const insertPlaylist = sqlite.query(
      `INSERT INTO managed_playlists (id, user_id, source, preference_key, bucket, sequence, name, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?)`,
    );
    const setSamplePeriod = sqlite.query("UPDATE managed_playlists SET sample_period = ? WHERE id = ?");
    const createdPlaylistNames: string[] = [];
    const playlistIdOfWork = works.map((work) => {
      if ("existingId" in work.target) return work.target.existingId;
      const id = crypto.randomUUID();
      const combinationId = combinations.combinationIdOf.get(work);
      insertPlaylist.run(
        id,
        userId,
        combinationId === undefined ? "predefined" : "combination",
        combinationId ?? work.preferenceName,
        work.target.bucket,
        work.target.sequence,
        work.target.name,
        now,
      );
      createdPlaylistNames.push(work.target.name);
      return id;
    });
    works.forEach((work, i) => {
      if (work.samplePeriod !== undefined) setSamplePeriod.run(work.samplePeriod, playlistIdOfWork[i] ?? "");
    });

    const insertStep = sqlite.query(
      `INSERT INTO journal_steps (distribution_id, playlist_id, op, track_ids, status, updated_at, position,
         entry_type, progress_after) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
    );
    for (const step of steps) {
      insertStep.run(
        distributionId,
        playlistIdOfWork[step.work] ?? "",
        step.op,
        JSON.stringify(step.trackIds),
        now,
        step.position ?? null,
        step.entry,
        step.progressAfter,
      );
    }

    const hasRandom = active.some((p) => kindOfEntry(p.entry).type === "random");
    setEntryTotal(deps, distributionId, "Standard", totals.Standard);
    if (hasRandom || totals.Randomized > 0)
      setEntryTotal(deps, distributionId, "Randomized", totals.Randomized);
    sqlite
      .query("UPDATE distributions SET planned = 1, created_playlist_names = ? WHERE id = ?")
      .run(JSON.stringify(createdPlaylistNames), distributionId);
    // Every like read so far is planned now; the hourly job has nothing waiting for this user.
    sqlite.query("UPDATE library_syncs SET new_likes_pending = 0 WHERE user_id = ?").run(userId);
    return { steps: steps.length, consideredSongs: songs.length, createdPlaylistNames };
  })();
}

/** Creates or updates a progress entry's totalWork. */
export function setEntryTotal(
  deps: Pick<Deps, "db">,
  distributionId: string,
  type: "Standard" | "Randomized" | "Analysis",
  totalWork: number,
): void {
  const sqlite = deps.db.$client;
  const updated = sqlite
    .query(
      "UPDATE distribution_entries SET total_work = ? WHERE distribution_id = ? AND distribution_type = ?",
    )
    .run(totalWork, distributionId, type);
  if (updated.changes === 0) {
    sqlite
      .query(
        "INSERT INTO distribution_entries (distribution_id, distribution_type, total_work, completed_work) VALUES (?, ?, ?, 0)",
      )
      .run(distributionId, type, totalWork);
  }
}
