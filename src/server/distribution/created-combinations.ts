// The names of the combination playlists a combination run was started for: what the created page lists when the
// tab that started the run did not keep them (another tab, a browser restarted with the page).
import { and, eq, inArray } from "drizzle-orm";
import { combinations, distributions } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { notFound } from "../platform/errors.ts";

/** The listener's own run only (another's or an unknown one: 404); names in the order the request gave them. */
export function createdCombinationNames(
  deps: Pick<Deps, "db">,
  userId: string,
  distributionId: string,
): { names: string[] } {
  const run = deps.db
    .select({ trigger: distributions.trigger, request: distributions.request })
    .from(distributions)
    .where(and(eq(distributions.id, distributionId), eq(distributions.userId, userId)))
    .get();
  if (!run) throw notFound();
  const ids = (run.request as { combinationIds?: unknown } | null)?.combinationIds;
  if (run.trigger !== "combination" || !Array.isArray(ids) || ids.length === 0) return { names: [] };
  const rows = deps.db
    .select({ id: combinations.id, name: combinations.playlistName })
    .from(combinations)
    .where(
      and(
        eq(combinations.userId, userId),
        inArray(
          combinations.id,
          ids.filter((id): id is string => typeof id === "string"),
        ),
      ),
    )
    .all();
  const place = new Map(ids.map((id, index) => [id, index]));
  return { names: rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0)).map((r) => r.name) };
}
