import { SimpleGrid, Stat } from "@chakra-ui/react";
import type { AdminStatistics } from "../../../shared/schemas/admin.ts";
import { DayChart } from "./DayChart.tsx";
import { Segment } from "./Segment.tsx";

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stat.Root borderWidth="1px" borderRadius="xl" p="4" data-testid={testId}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value.toLocaleString("en-US")}</Stat.ValueText>
    </Stat.Root>
  );
}

/** The three numbers and the three charts of the last month. */
export function StatisticsSegment({ userData }: { userData: AdminStatistics["userData"] }) {
  // The server's window ends with today (UTC), so today's sign-ups are the last entry.
  const newUsersToday = Object.values(userData.userInflux).at(-1) ?? 0;
  return (
    <Segment title="Statistics" subtitle="The last 30 days, by UTC day." testId="admin-statistics">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Figure label="Monitored users" value={userData.numberOfMonitoredUsers} testId="stat-monitored" />
        <Figure label="Users last day" value={userData.numberOfUsersLastDay} testId="stat-last-day" />
        <Figure label="New users today" value={newUsersToday} testId="stat-today" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <DayChart
          title="Premium amount"
          description="New premium members per day"
          counts={userData.premiumInflux}
          testId="chart-premium"
        />
        <DayChart
          title="User amount"
          description="New users per day"
          counts={userData.userInflux}
          testId="chart-users"
        />
        <DayChart
          title="Users per day"
          description="All users at the end of each day, last month"
          counts={userData.numberOfUsersPerDay}
          testId="chart-users-per-day"
        />
      </SimpleGrid>
    </Segment>
  );
}
