import { Badge, Stack } from "@chakra-ui/react";
import { membershipLevelNames } from "../../../shared/membership-names.ts";
import type { AdminUserDetail } from "../../../shared/schemas/admin.ts";
import { DetailTable } from "./DetailTable.tsx";
import { formatTime } from "./format.ts";

/** Playlists, preferences, payments, membership events and activity of one user. */
export function UserDetailTables({ detail }: { detail: AdminUserDetail }) {
  return (
    <Stack gap="8">
      <DetailTable
        title="Playlists"
        testId="detail-playlists"
        rows={detail.playlists}
        rowKey={(p, i) => `${p.spotifyPlaylistId ?? p.playlistName}-${i}`}
        columns={[
          { header: "Name", cell: (p) => p.playlistName },
          { header: "Spotify playlist id", cell: (p) => p.spotifyPlaylistId ?? "—" },
          { header: "Status", cell: (p) => <Badge>{p.status}</Badge> },
          { header: "Created", cell: (p) => formatTime(p.createdAt) },
          { header: "Tracks", cell: (p) => p.numberOfTracks },
          { header: "Tracks stored", cell: (p) => p.numberOfTracksStored },
          { header: "Latest settled like", cell: (p) => formatTime(p.latestSettledTrackLikedAt) },
          { header: "Latest track added", cell: (p) => formatTime(p.latestTrackAddedAt) },
        ]}
      />
      <DetailTable
        title="Simple preferences"
        testId="detail-simple-preferences"
        rows={detail.simplePreferences}
        rowKey={(p) => p.playlistName}
        columns={[
          { header: "Playlist", cell: (p) => p.playlistName },
          { header: "Chosen", cell: (p) => formatTime(p.preferenceDate) },
        ]}
      />
      <DetailTable
        title="Combinatorial preferences"
        testId="detail-combinatorial-preferences"
        rows={detail.combinatorialPreferences}
        rowKey={(p, i) => `${p.playlistName}-${i}`}
        columns={[
          { header: "Playlist", cell: (p) => p.playlistName },
          { header: "Definition", cell: (p) => p.combinationExpression },
          { header: "Created", cell: (p) => formatTime(p.preferenceDate) },
        ]}
      />
      <DetailTable
        title="Payments"
        testId="detail-payments"
        rows={detail.payments}
        rowKey={(p, i) => `${p.notificationId}-${i}`}
        columns={[
          { header: "Change", cell: (p) => p.change },
          { header: "Effective", cell: (p) => formatTime(p.effectiveDate) },
          { header: "Registered", cell: (p) => formatTime(p.registeredDate) },
          { header: "Notification id", cell: (p) => p.notificationId },
          { header: "Customer id", cell: (p) => p.customerId ?? "—" },
          { header: "Subscription id", cell: (p) => p.subscriptionId ?? "—" },
        ]}
      />
      <DetailTable
        title="Membership events"
        testId="detail-membership-events"
        rows={detail.membershipEvents}
        rowKey={(e, i) => `${e.effectiveDate}-${i}`}
        columns={[
          { header: "Level", cell: (e) => membershipLevelNames[e.membershipLevel] },
          { header: "Effective", cell: (e) => formatTime(e.effectiveDate) },
        ]}
      />
      <DetailTable
        title="Activity"
        testId="detail-activity"
        rows={detail.activity}
        rowKey={(a, i) => `${a.time}-${i}`}
        columns={[
          { header: "Kind", cell: (a) => a.kind },
          { header: "Time", cell: (a) => formatTime(a.time) },
        ]}
      />
    </Stack>
  );
}
