import { Box, Stack, Text } from "@chakra-ui/react";
import { ResponsiveLine } from "@nivo/line";
import type { DayCounts } from "../../../shared/schemas/admin.ts";
import { spacedTicks, useWidth } from "./chart-ticks.ts";

export const CHART_HEIGHT_PX = 200;

// nivo draws with plain colours; these match the dark theme.
export const chartTheme = {
  text: { fill: "#b9b3c9", fontSize: 11 },
  axis: {
    domain: { line: { stroke: "#4a4458", strokeWidth: 1 } },
    ticks: { line: { stroke: "#4a4458", strokeWidth: 1 }, text: { fill: "#b9b3c9", fontSize: 11 } },
  },
  grid: { line: { stroke: "#2c2738", strokeWidth: 1 } },
  crosshair: { line: { stroke: "#ffa06d", strokeWidth: 1, strokeOpacity: 0.6 } },
  tooltip: { container: { background: "#1d1926", color: "#f4f1fa", fontSize: 12, borderRadius: 8 } },
};

/** Five whole-number ticks from 0 that cover `max` (counts have no fractions). */
export function countTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 4));
  return [0, step, 2 * step, 3 * step, 4 * step];
}

export interface DayChartProps {
  title: string;
  description: string;
  counts: DayCounts;
  testId: string;
}

/** A line over UTC days ("YYYY-MM-DD" → number), 200 px high, with year-month-day labels. */
const MARGIN = { top: 12, right: 28, bottom: 40, left: 44 };

export function DayChart({ title, description, counts, testId }: DayChartProps) {
  const data = [{ id: title, data: Object.entries(counts).map(([x, y]) => ({ x, y })) }];
  const ticks = countTicks(Math.max(0, ...Object.values(counts)));
  const [box, width] = useWidth<HTMLDivElement>();
  const days = spacedTicks(Object.keys(counts), width - MARGIN.left - MARGIN.right, "day");
  return (
    <Stack gap="1" minW="0" data-testid={testId}>
      <Text fontWeight="semibold">{title}</Text>
      <Text textStyle="xs" color="fg.muted">
        {description}
      </Text>
      <Box h={`${CHART_HEIGHT_PX}px`} w="full" ref={box}>
        <ResponsiveLine
          role="img"
          ariaLabel={`${title}: ${description}`}
          data={data}
          theme={chartTheme}
          colors={["#fe5a1a"]}
          margin={MARGIN}
          xScale={{ type: "time", format: "%Y-%m-%d", useUTC: true, precision: "day" }}
          xFormat="time:%Y-%m-%d"
          yScale={{ type: "linear", min: 0, max: ticks.at(-1) ?? 4 }}
          axisBottom={{
            format: "%Y-%m-%d",
            tickValues: days.map((day) => new Date(`${day}T00:00:00Z`)),
            tickSize: 4,
          }}
          axisLeft={{ tickValues: ticks, tickSize: 4 }}
          gridYValues={ticks}
          enableGridX={false}
          pointSize={5}
          pointBorderWidth={0}
          lineWidth={2}
          enableArea
          areaOpacity={0.12}
          useMesh
          animate={false}
        />
      </Box>
    </Stack>
  );
}
