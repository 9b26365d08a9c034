import { z } from "zod";

/** POST /api/user/delete-data takes no payload; an empty JSON object is accepted too. */
export const DeleteDataSchema = z.object({}).strict();

/** Session storage keys the client removes when the account is deleted (spec section 3). */
export const sessionKeysRemovedOnDeletion = ["referrer", "latestDistributionProgressId"] as const;

/** Where the user can revoke Crate's access at the provider. */
export const providerAppsUrl = "https://www.spotify.com/account/apps/";
