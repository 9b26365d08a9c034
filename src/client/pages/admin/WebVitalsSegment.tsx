import { SimpleGrid } from "@chakra-ui/react";
import type { WebVitalWeek } from "../../../shared/schemas/web-vitals.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { Segment } from "./Segment.tsx";
import { type ChartSeries, SeriesChart } from "./SeriesChart.tsx";

const series = (id: string, label: string, color: string, weeks: WebVitalWeek[]): ChartSeries => ({
  id,
  label,
  color,
  points: weeks.map((w) => ({ at: w.week, value: w.p75 })),
});
const asMs = (ms: number) => `${ms.toLocaleString("en-US")} ms`;

/** Real visitors' Core Web Vitals: each metric's 75th percentile per week, from the reports their pages sent. */
export function WebVitalsSegment() {
  const weekly = trpc.admin.webVitals.useQuery(undefined, { staleTime: 0 });
  return (
    <Segment
      title="Page speed"
      subtitle="What visitors' own browsers measured: the 75th percentile per week (the upper bound of its bucket), all pages."
      testId="admin-web-vitals"
    >
      {weekly.isError ? <ErrorText error={weekly.error} /> : null}
      {weekly.isPending ? <PageSpinner /> : null}
      {weekly.data ? (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <SeriesChart
            title="Loading and responding"
            description="Largest Contentful Paint, the slowest interaction (INP) and the first input's delay, in milliseconds"
            series={[
              series("lcp", "LCP", "#fe5a1a", weekly.data.lcp),
              series("inp", "INP", "#6cb6ff", weekly.data.inp),
              series("fid", "First input delay", "#1ed760", weekly.data.fid),
            ]}
            hourly={false}
            format={asMs}
            testId="chart-web-vitals-timing"
          />
          <SeriesChart
            title="Layout shift"
            description="Cumulative Layout Shift (its largest session window)"
            series={[series("cls", "CLS", "#e58cff", weekly.data.cls)]}
            hourly={false}
            testId="chart-web-vitals-cls"
          />
        </SimpleGrid>
      ) : null}
    </Segment>
  );
}
