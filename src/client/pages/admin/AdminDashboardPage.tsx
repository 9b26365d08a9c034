import { Stack } from "@chakra-ui/react";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { Layout } from "../../components/Layout.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { AdminGate } from "./AdminGate.tsx";
import { BatchSegment } from "./BatchSegment.tsx";
import { MembershipsSegment } from "./MembershipsSegment.tsx";
import { OperatorChartsSegment } from "./OperatorChartsSegment.tsx";
import { SpotifyLimitsSegment } from "./SpotifyLimitsSegment.tsx";
import { StatisticsSegment } from "./StatisticsSegment.tsx";
import { UserStatisticsSegment } from "./UserStatisticsSegment.tsx";
import { WebVitalsSegment } from "./WebVitalsSegment.tsx";

function Dashboard() {
  const overview = trpc.admin.statistics.useQuery(undefined, { staleTime: 0 });
  return (
    <Layout width="wide" heading={{ eyebrow: "Admin", title: "Dashboard" }}>
      <Stack gap="8" data-testid="admin-dashboard">
        {overview.isError ? <ErrorText error={overview.error} /> : null}
        {overview.isPending ? <PageSpinner /> : null}
        {overview.data ? <StatisticsSegment userData={overview.data.userData} /> : null}
        {overview.data?.spotify ? <SpotifyLimitsSegment spotify={overview.data.spotify} /> : null}
        {overview.data ? <OperatorChartsSegment /> : null}
        {overview.data ? <WebVitalsSegment /> : null}
        <MembershipsSegment />
        {overview.data ? (
          <>
            <BatchSegment
              executions={overview.data.batchData.latestBatchExecutions}
              usersBehind={overview.data.batchData.usersBehindHourly}
            />
            <UserStatisticsSegment enabledUsers={overview.data.enabledStatisticsUsers} />
          </>
        ) : null}
      </Stack>
    </Layout>
  );
}

/** `/admin`: statistics, memberships, batch runs and user statistics (admins only). */
export function AdminDashboardPage() {
  return (
    <AdminGate>
      <Dashboard />
    </AdminGate>
  );
}
