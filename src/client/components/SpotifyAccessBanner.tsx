import { Alert, Stack } from "@chakra-ui/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { spotifyAccessTexts } from "../../shared/spotify-access.ts";
import { trpc } from "../api/trpc.ts";
import { useSession } from "../hooks/useSession.ts";
import { rememberReturnPath, takeReturnPath } from "../lib/return-after-sign-in.ts";
import { SignInButton } from "./SignInButton.tsx";

/**
 * On every signed-in page: in the last 14 days of the listener's Spotify grant, when it ends and a "Sign in again"
 * button; once it ended, since when updates stopped and why. The button comes back to the page it was pressed on.
 */
export function SpotifyAccessBanner() {
  const session = useSession();
  const [location, navigate] = useLocation();
  const signedIn = session.status === "loggedIn";
  const access = trpc.user.spotifyAccess.useQuery(undefined, { enabled: signedIn, staleTime: 60_000 });

  // Back from "Sign in again": to the page it was pressed on.
  useEffect(() => {
    if (!signedIn || location !== "/") return;
    const path = takeReturnPath();
    if (path && path !== "/") navigate(path, { replace: true });
  }, [signedIn, location, navigate]);

  const data = access.data;
  if (!signedIn || !data || data.state === "active") return null;
  const ended = data.state === "ended";
  const text = ended
    ? spotifyAccessTexts.ended(data.endedAt ?? data.endsAt)
    : spotifyAccessTexts.ending(data.endsAt);
  return (
    <Alert.Root
      status={ended ? "warning" : "info"}
      borderRadius="0"
      data-testid="spotify-access-banner"
      data-state={data.state}
    >
      <Stack direction={{ base: "column", md: "row" }} align={{ md: "center" }} gap="3" w="full">
        <Alert.Indicator />
        <Alert.Title fontWeight="medium" flex="1">
          {text}
        </Alert.Title>
        <SignInButton size="sm" onClickCapture={rememberReturnPath}>
          {spotifyAccessTexts.signInAgain}
        </SignInButton>
      </Stack>
    </Alert.Root>
  );
}
