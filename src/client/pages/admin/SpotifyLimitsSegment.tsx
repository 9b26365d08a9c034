import { SimpleGrid, Stack, Stat, Text, Wrap } from "@chakra-ui/react";
import type { AdminSpotifyStatistics } from "../../../shared/schemas/admin.ts";
import { reportedCallKinds } from "../../../shared/spotify-access.ts";
import { Segment } from "./Segment.tsx";
import { UserName } from "./UserName.tsx";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stat.Root borderWidth="1px" borderRadius="xl" p="4" data-testid={testId}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
    </Stat.Root>
  );
}

const count = (n: number) => n.toLocaleString("en-US");

/** Spotify's 2026 limits: grants ending or ended, the quota pause, and the Web API calls of the last 24 hours. */
export function SpotifyLimitsSegment({ spotify }: { spotify: AdminSpotifyStatistics }) {
  const { quota, callsLast24h } = spotify;
  return (
    <Segment
      title="Spotify"
      subtitle="Six-month sign-ins, the request quota, and Web API calls in the last 24 hours."
      testId="admin-spotify"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Figure
          label="Access ends within 14 days"
          value={count(spotify.accessEndingWithin14Days)}
          testId="stat-access-ending"
        />
        <Figure label="Access ended" value={count(spotify.accessEnded)} testId="stat-access-ended" />
        <Figure
          label="Quota"
          value={
            quota.paused && quota.since
              ? `Paused since ${quota.since.slice(0, 16).replace("T", " ")} UTC`
              : "Not paused"
          }
          testId="stat-quota"
        />
        <Figure
          label={
            spotify.dailyBudget === null
              ? "Calls in 24 hours"
              : `Calls in 24 hours (budget ${count(spotify.dailyBudget)})`
          }
          value={count(callsLast24h.total)}
          testId="stat-calls-24h"
        />
      </SimpleGrid>
      <Text textStyle="sm" color="fg.muted" data-testid="stat-calls-by-kind">
        {reportedCallKinds.map((kind) => `${kind} ${count(callsLast24h.byKind[kind])}`).join(" · ")}
        {` · quota probes ${count(quota.probes)}, refused calls ${count(quota.refusedCalls)}`}
      </Text>
      {spotify.topListeners.length > 0 ? (
        <Stack gap="1" textStyle="sm" data-testid="stat-top-listeners">
          <Text color="fg.muted">Top listeners by calls in 24 hours</Text>
          <Wrap as="ol" listStyle="none" gap="1 4" m="0" p="0">
            {spotify.topListeners.map((listener) => (
              <li key={listener.userId}>
                <UserName user={listener} />
                <Text as="span" color="fg.muted">
                  {" "}
                  {count(listener.calls)} calls
                </Text>
              </li>
            ))}
          </Wrap>
        </Stack>
      ) : null}
    </Segment>
  );
}
