import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { notSignedIn } from "../platform/errors.ts";

export function getMembershipLevel(db: Db, userId: string) {
  const row = db
    .select({ membershipLevel: users.membershipLevel })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw notSignedIn();
  return { membershipLevel: row.membershipLevel };
}
