import { Button, ButtonGroup, SimpleGrid } from "@chakra-ui/react";
import { useState } from "react";
import { metadataSources } from "../../../shared/metadata-sources.ts";
import {
  type AdminCharts,
  type ChartProvider,
  type ChartRange,
  chartProviders,
} from "../../../shared/schemas/admin.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { Segment } from "./Segment.tsx";
import { type ChartSeries, SeriesChart } from "./SeriesChart.tsx";

// the metadata sources (Spotify among them) as their registry declares them; Paddle beside them
const providerLooks = (provider: ChartProvider): { label: string; color: string } =>
  provider === "paddle"
    ? { label: "Paddle", color: "#ffa06d" } // distinct on the dark panel, at least 3:1 against it
    : { label: metadataSources[provider].label, color: metadataSources[provider].chartColor };
const rangeNames: Record<ChartRange, string> = { "30d": "30 days", "48h": "48 hours" };

const minutes = (ms: number) => ms / 60_000;
const asMinutes = (ms: number) => `${(Math.round(minutes(ms) * 10) / 10).toLocaleString("en-US")} min`;

const perProvider = (byProvider: AdminCharts["providerCalls"]): ChartSeries[] =>
  chartProviders.map((provider) => ({
    id: provider,
    ...providerLooks(provider),
    points: byProvider[provider],
  }));

const one = (label: string, color: string, points: AdminCharts["signups"]): ChartSeries[] => [
  { id: label, label, color, points },
];

const at = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** "Paused 2026-11-26 14:03 UTC – 15:10 UTC, 6 probes." for each pause, or that there was none. */
function pauseMarks(pauses: AdminCharts["spotifyQuotaPauses"]): string {
  if (pauses.length === 0) return "No pause in this range.";
  return pauses
    .map(
      (p) =>
        `Paused ${at(p.since)} – ${p.until ? at(p.until) : "now"}, ${p.probes} probe${p.probes === 1 ? "" : "s"}.`,
    )
    .join(" ");
}

function Charts({ charts }: { charts: AdminCharts }) {
  const hourly = charts.range === "48h";
  const per = hourly ? "per hour" : "per UTC day";
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <SeriesChart
        title="Sign-ups"
        description={`New accounts ${per}: is Crate growing?`}
        series={one("Sign-ups", "#fe5a1a", charts.signups)}
        hourly={hourly}
        testId="ops-signups"
      />
      <SeriesChart
        title="Active listeners"
        description="Listeners who used Crate each UTC day: do they come back?"
        series={one("Active listeners", "#6cb6ff", charts.activeListeners)}
        hourly={hourly}
        testId="ops-active"
      />
      <SeriesChart
        title="Hourly job"
        description="Each run's duration and the longest wait a listener had when it started: is the hourly promise kept?"
        series={[
          { id: "duration", label: "Duration", color: "#fe5a1a", points: charts.hourlyJobDurationMs },
          { id: "lag", label: "Longest wait", color: "#6cb6ff", points: charts.hourlyJobLagMs },
        ]}
        hourly={hourly}
        counts={false}
        scale={minutes}
        format={asMinutes}
        testId="ops-hourly-job"
      />
      <SeriesChart
        title="Provider calls"
        description={`Calls sent to each provider ${per}, retries included: where does the traffic go?`}
        series={perProvider(charts.providerCalls)}
        hourly={hourly}
        testId="ops-provider-calls"
      />
      <SeriesChart
        title="Too many requests"
        description={`Answers ${per} that told Crate to wait (429 or the provider's own way): is it paced right?`}
        series={perProvider(charts.providerRateLimited)}
        hourly={hourly}
        testId="ops-rate-limited"
      />
      <SeriesChart
        title="Spotify quota pauses"
        description={`Minutes ${per} that Spotify's spent quota paused every call. ${pauseMarks(charts.spotifyQuotaPauses)}`}
        series={one("Paused", "#f5d547", charts.spotifyQuotaPausedMs)}
        hourly={hourly}
        format={asMinutes}
        counts={false}
        scale={minutes}
        testId="ops-quota-pauses"
      />
      <SeriesChart
        title="Premium conversions"
        description={`Listeners who became premium by paying, ${per}: does the offer sell?`}
        series={one("Premium conversions", "#1ed760", charts.premiumConversions)}
        hourly={hourly}
        testId="ops-conversions"
      />
    </SimpleGrid>
  );
}

/** The operator's charts over the last 30 days or 48 hours, from Crate's own persisted records. */
export function OperatorChartsSegment() {
  const [range, setRange] = useState<ChartRange>("30d");
  const charts = trpc.admin.charts.useQuery({ range }, { staleTime: 0 });
  return (
    <Segment
      title="Operations"
      subtitle="Growth, the hourly job, the providers and sales."
      testId="admin-charts"
    >
      <ButtonGroup size="sm" variant="outline" attached aria-label="Range">
        {(Object.keys(rangeNames) as ChartRange[]).map((r) => (
          <Button
            key={r}
            aria-pressed={range === r}
            variant={range === r ? "solid" : "outline"}
            onClick={() => setRange(r)}
            data-testid={`charts-range-${r}`}
          >
            {rangeNames[r]}
          </Button>
        ))}
      </ButtonGroup>
      {charts.isError ? <ErrorText error={charts.error} /> : null}
      {charts.isPending ? <PageSpinner /> : null}
      {charts.data ? <Charts charts={charts.data} /> : null}
    </Segment>
  );
}
