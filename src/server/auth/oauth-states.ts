import { createHash } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { oauthStates } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";

// The sign-in state is remembered server side (hashed) as well as in the signed cookie, so a callback can use
// it once: a replayed, unknown or expired state never reaches Spotify's token endpoint.

const hashOf = (state: string) => createHash("sha256").update(state, "utf8").digest("base64url");

/** Remembers a state handed out by /api/authorize until `expiresAt`; states past their time are dropped. */
export function rememberState(db: Db, state: string, now: number, expiresAt: number): void {
  // One commit for both: a sign-in start waits for the disk once.
  transaction(db, (tx) => {
    tx.delete(oauthStates).where(lte(oauthStates.expiresAt, now)).run();
    tx.insert(oauthStates)
      .values({ stateHash: hashOf(state), expiresAt })
      .run();
  });
}

/** Takes the state for one callback: true once for a remembered, unexpired state, false ever after. */
export function consumeState(db: Db, state: string, now: number): boolean {
  const taken = db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, hashOf(state)), gt(oauthStates.expiresAt, now)))
    .returning({ stateHash: oauthStates.stateHash })
    .all();
  return taken.length > 0;
}
