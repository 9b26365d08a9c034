import type { MembershipLevel } from "../../shared/membership.ts";
import { trpc } from "../api/trpc.ts";

export type SessionStatus = "loading" | "loggedOut" | "loggedIn";

export interface Session {
  status: SessionStatus;
  membershipLevel: MembershipLevel;
  userId: string | null;
  spotifyId: string | null;
  isAdmin: boolean;
}

/**
 * Who is signed in, from the start-up lookup `user.me` (null when signed out). The lookup runs once per page
 * load and is shared by every caller; a failed lookup counts as signed out with the Free level (spec §4).
 */
export function useSession(): Session {
  // One lookup per page load: no retry, and a failed lookup is not repeated when more components mount
  // (that would put the shell back into its loading state).
  const me = trpc.user.me.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    retryOnMount: false,
    refetchOnMount: false,
  });
  if (me.isPending) {
    return { status: "loading", membershipLevel: "Free", userId: null, spotifyId: null, isAdmin: false };
  }
  const user = me.isError ? null : me.data;
  if (!user) {
    return { status: "loggedOut", membershipLevel: "Free", userId: null, spotifyId: null, isAdmin: false };
  }
  return {
    status: "loggedIn",
    membershipLevel: user.membershipLevel,
    userId: user.userId,
    spotifyId: user.spotifyId,
    isAdmin: user.isAdmin,
  };
}
