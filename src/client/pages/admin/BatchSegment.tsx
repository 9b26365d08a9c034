import { Badge, Button, HStack, Table, Text } from "@chakra-ui/react";
import { Play } from "lucide-react";
import { useState } from "react";
import { messages } from "../../../shared/errors.ts";
import { operations } from "../../../shared/operations.ts";
import type { BatchExecution } from "../../../shared/schemas/admin.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { toaster } from "../../components/Toaster.tsx";
import { EmptyTableRow } from "./DetailTable.tsx";
import { formatDuration, formatTime } from "./format.ts";
import { Segment } from "./Segment.tsx";

const statusPalette = { running: "blue", finished: "green", failed: "red" } as const;

/** The latest batch runs, the users behind the hourly promise, and the Start Job button (the hourly sync, at once). */
export function BatchSegment({
  executions,
  usersBehind,
}: {
  executions: BatchExecution[];
  usersBehind: number;
}) {
  const utils = trpc.useUtils();
  const [notStarted, setNotStarted] = useState(false);
  const start = trpc.admin.startBatch.useMutation({
    onSuccess: (result) => {
      setNotStarted(!result.jobStarted);
      if (result.jobStarted) toaster.create({ type: "success", title: "Job started" });
      void utils.admin.statistics.invalidate();
    },
  });
  return (
    <Segment title="Batch" subtitle="The latest runs of the scheduled jobs." testId="admin-batch">
      <HStack gap="3" data-testid="batch-users-behind">
        <Text color="fg.muted">{operations.usersBehindLabel}</Text>
        <Badge colorPalette={usersBehind === 0 ? "green" : "orange"} size="lg">
          {usersBehind}
        </Badge>
      </HStack>
      <Table.ScrollArea borderWidth="1px" borderRadius="xl">
        <Table.Root size="sm" data-testid="batch-executions">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Job</Table.ColumnHeader>
              <Table.ColumnHeader>Start</Table.ColumnHeader>
              <Table.ColumnHeader>End</Table.ColumnHeader>
              <Table.ColumnHeader>Duration</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {executions.map((run) => (
              <Table.Row key={run.id}>
                <Table.Cell>{run.job}</Table.Cell>
                <Table.Cell>{formatTime(run.startTime)}</Table.Cell>
                <Table.Cell>{formatTime(run.endTime)}</Table.Cell>
                <Table.Cell>
                  {run.status === "running" ? "running" : formatDuration(run.startTime, run.endTime)}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={statusPalette[run.status]}>{run.status}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
            {executions.length === 0 ? <EmptyTableRow columns={5}>No batch runs yet.</EmptyTableRow> : null}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HStack gap="4" flexWrap="wrap">
        <Button
          colorPalette="brand"
          size="sm"
          loading={start.isPending}
          onClick={() => {
            if (!start.isPending) start.mutate();
          }}
          data-testid="batch-start"
        >
          <Play aria-hidden />
          Start Job
        </Button>
        {notStarted ? (
          <Text color="fg.warning" data-testid="batch-not-started">
            {messages.batchNotStarted}
          </Text>
        ) : null}
      </HStack>
      {start.isError ? <ErrorText error={start.error} /> : null}
    </Segment>
  );
}
