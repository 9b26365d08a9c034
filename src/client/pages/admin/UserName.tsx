import { Text } from "@chakra-ui/react";
import type { AdminUserRef } from "../../../shared/schemas/admin.ts";
import { AppLink } from "../../components/RouterLink.tsx";
import { adminUserPath } from "./format.ts";

/**
 * A user in an admin's list as a person reads them: the display name on Spotify (else the Spotify id) linking to
 * their page, the Spotify id beside it; Crate's user id is on that page and in the link's title.
 */
export function UserName({ user }: { user: AdminUserRef }) {
  const name = user.displayName ?? user.spotifyId ?? "Deleted account";
  return (
    <AppLink
      href={adminUserPath({ userId: user.userId })}
      color="brand.fg"
      title={user.userId}
      data-testid="admin-user-name"
    >
      {name}
      {user.displayName && user.spotifyId ? (
        <>
          {" "}
          <Text as="span" color="fg.muted" fontFamily="mono" textStyle="xs">
            {user.spotifyId}
          </Text>
        </>
      ) : null}
    </AppLink>
  );
}
