// Who a user is, as an admin reads a list of them: Spotify's id and display name beside Crate's user id.
import { inArray } from "drizzle-orm";
import type { AdminUserRef } from "../../shared/schemas/admin.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";

/** Each id with its Spotify id and display name (both null for an account deleted since). */
export function namedUsers<T extends { userId: string }>(db: Db, rows: readonly T[]): (T & AdminUserRef)[] {
  const ids = [...new Set(rows.map((row) => row.userId))];
  const found = new Map(
    ids.length === 0
      ? []
      : db
          .select({ userId: users.id, spotifyId: users.spotifyId, displayName: users.displayName })
          .from(users)
          .where(inArray(users.id, ids))
          .all()
          .map((user) => [user.userId, user]),
  );
  return rows.map((row) => ({
    ...row,
    spotifyId: found.get(row.userId)?.spotifyId ?? null,
    displayName: found.get(row.userId)?.displayName ?? null,
  }));
}
