import type { ReactNode } from "react";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { type PlaylistTab, PlaylistTabs } from "./PlaylistTabs.tsx";
import { RunningDistribution } from "./RunningDistribution.tsx";

/** The Playlists page around either tab: heading, tabs, the running-distribution block, or the login prompt. */
export function PlaylistsFrame({ tab, children }: { tab: PlaylistTab; children: ReactNode }) {
  const session = useSession();
  return (
    <Layout
      width="wide"
      heading={{
        eyebrow: "Your playlists",
        title: "Choose your playlists",
        subtitle:
          "Pick the playlists Crate makes from your liked songs. They appear in your Spotify library and are kept up to date every hour.",
      }}
    >
      {session.status === "loggedIn" ? (
        <>
          <PlaylistTabs current={tab} />
          <RunningDistribution />
          {children}
        </>
      ) : (
        <LoginPrompt text="Please sign in to choose your playlists." />
      )}
    </Layout>
  );
}
