import { Box, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { ResponsiveLine } from "@nivo/line";
import { useId } from "react";
import type { ChartPoint } from "../../../shared/schemas/admin.ts";
import { spacedTicks, useWidth } from "./chart-ticks.ts";
import { CHART_HEIGHT_PX, chartTheme, countTicks } from "./DayChart.tsx";

export interface ChartSeries {
  id: string;
  label: string;
  color: string;
  points: ChartPoint[];
}

export interface SeriesChartProps {
  title: string;
  /** what the chart answers, shown under the title and read with it */
  description: string;
  series: ChartSeries[];
  /** hourly buckets label their time, daily ones their date */
  hourly: boolean;
  /** how a value reads in the table and the tooltip ("12", "3.5 min") */
  format?: (value: number) => string;
  /** counts get whole-number ticks from 0; measurements let the scale choose */
  counts?: boolean;
  /** a value to draw instead (minutes for milliseconds); the table keeps `format` of the original */
  scale?: (value: number) => number;
  testId: string;
}

const plain = (value: number) => value.toLocaleString("en-US");
const MARGIN = { top: 12, right: 20, bottom: 40, left: 48 };
const label = (iso: string, hourly: boolean) =>
  hourly ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso.slice(0, 10);

/** "Spotify 120 in all, latest 4; Paddle …" (what the drawing says, in words). */
function summary(series: ChartSeries[], format: (value: number) => string): string {
  return series
    .map((s) => {
      const measured = s.points.filter((p) => p.value !== null).map((p) => p.value as number);
      if (measured.length === 0) return `${s.label}: nothing measured`;
      const latest = format(measured.at(-1) ?? 0);
      const most = format(Math.max(...measured));
      return `${s.label}: latest ${latest}, highest ${most}`;
    })
    .join("; ");
}

/**
 * One or more lines over the chosen range, 200 px high, with a legend in text and the same figures as a table
 * (folded away, and what a screen reader reads instead of the drawing).
 */
export function SeriesChart({
  title,
  description,
  series,
  hourly,
  format = plain,
  counts = true,
  scale = (v) => v,
  testId,
}: SeriesChartProps) {
  const descriptionId = useId();
  // A series with nothing measured in the range has no line to draw (nivo would draw a path of "null"); it stays in
  // the legend, the summary and the table.
  const drawn = series.filter((s) => s.points.some((p) => p.value !== null));
  const data = drawn.map((s) => ({
    id: s.label,
    data: s.points.map((p) => ({ x: new Date(p.at), y: p.value === null ? null : scale(p.value) })),
  }));
  const [box, width] = useWidth<HTMLDivElement>();
  const times = spacedTicks(
    series[0]?.points.map((p) => p.at) ?? [],
    width - MARGIN.left - MARGIN.right,
    hourly ? "hour" : "day",
  );
  const values = data.flatMap((s) => s.data.map((p) => p.y ?? 0));
  const ticks = countTicks(Math.max(0, ...values));
  const rows = series[0]?.points.map((p, i) => ({ at: p.at, values: series.map((s) => s.points[i]?.value) }));
  return (
    <Stack gap="1" minW="0" data-testid={testId} role="group" aria-labelledby={`${descriptionId}-title`}>
      <Text as="h3" fontWeight="semibold" id={`${descriptionId}-title`}>
        {title}
      </Text>
      <Text textStyle="xs" color="fg.muted" id={descriptionId}>
        {description}
      </Text>
      {series.length > 1 ? (
        <HStack gap="3" wrap="wrap" textStyle="xs" aria-hidden="true">
          {series.map((s) => (
            <HStack key={s.id} gap="1">
              <Box w="2.5" h="2.5" borderRadius="full" bg={s.color} />
              <Text>{s.label}</Text>
            </HStack>
          ))}
        </HStack>
      ) : null}
      <Box h={`${CHART_HEIGHT_PX}px`} w="full" ref={box}>
        <ResponsiveLine
          role="img"
          ariaLabel={`${title}: ${summary(series, format)}`}
          ariaDescribedBy={descriptionId}
          data={data}
          theme={chartTheme}
          colors={drawn.map((s) => s.color)}
          margin={MARGIN}
          xScale={{ type: "time", format: "native", useUTC: true, precision: hourly ? "hour" : "day" }}
          xFormat={hourly ? "time:%Y-%m-%d %H:%M" : "time:%Y-%m-%d"}
          yScale={counts ? { type: "linear", min: 0, max: ticks.at(-1) ?? 4 } : { type: "linear", min: 0 }}
          yFormat={(v) => (typeof v === "number" ? String(Math.round(v * 10) / 10) : "")}
          axisBottom={{
            format: hourly ? "%H:%M" : "%Y-%m-%d",
            tickValues: times.map((at) => new Date(at)),
            tickSize: 4,
          }}
          axisLeft={counts ? { tickValues: ticks, tickSize: 4 } : { tickValues: 4, tickSize: 4 }}
          gridYValues={counts ? ticks : 4}
          enableGridX={false}
          pointSize={4}
          pointBorderWidth={0}
          lineWidth={2}
          useMesh
          animate={false}
        />
      </Box>
      <details>
        <summary>
          <Text as="span" textStyle="xs" color="fg.muted">
            {title} as a table
          </Text>
        </summary>
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64">
          <Table.Root size="sm" data-testid={`${testId}-table`}>
            <Table.Caption>{title}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{hourly ? "Hour" : "Day"}</Table.ColumnHeader>
                {series.map((s) => (
                  <Table.ColumnHeader key={s.id} scope="col">
                    {s.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows?.map((row) => (
                <Table.Row key={row.at}>
                  <Table.Cell>{label(row.at, hourly)}</Table.Cell>
                  {row.values.map((value, i) => (
                    <Table.Cell key={series[i]?.id}>
                      {value === null || value === undefined ? "—" : format(value)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </details>
    </Stack>
  );
}
