import { Button, Field, HStack, Input, List, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { ErrorCode } from "../../../shared/errors.ts";
import type { AdminUserRef } from "../../../shared/schemas/admin.ts";
import { errorCodeOf } from "../../api/errors.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { InlineForm, InlineSubmit } from "./InlineForm.tsx";
import { Segment } from "./Segment.tsx";
import { UserName } from "./UserName.tsx";

/** Enable statistics (activity recording) for a user id; disable it per enabled user. */
export function UserStatisticsSegment({ enabledUsers }: { enabledUsers: AdminUserRef[] }) {
  const utils = trpc.useUtils();
  const [userId, setUserId] = useState("");
  const refresh = () => utils.admin.statistics.invalidate();
  const enable = trpc.admin.enableStatistics.useMutation({
    onSuccess: () => {
      setUserId("");
      void refresh();
    },
  });
  const disable = trpc.admin.disableStatistics.useMutation({ onSuccess: () => void refresh() });
  const id = userId.trim();
  return (
    <Segment
      title="User statistics"
      subtitle="Record the calls a user makes; shown as activity on their detail."
      testId="admin-user-statistics"
    >
      <InlineForm
        onSubmit={() => {
          if (id !== "" && !enable.isPending) enable.mutate({ userId: id });
        }}
      >
        <Field.Root>
          <Field.Label>User id</Field.Label>
          <Input
            size="sm"
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            data-testid="statistics-user-id"
          />
        </Field.Root>
        <InlineSubmit loading={enable.isPending} disabled={id === ""} data-testid="statistics-enable">
          Enable statistics
        </InlineSubmit>
      </InlineForm>
      {enable.isError ? (
        <ErrorText
          error={enable.error}
          text={
            errorCodeOf(enable.error) === ErrorCode.NotFound
              ? `No user has the id ${enable.variables?.userId ?? ""}.`
              : undefined
          }
        />
      ) : null}
      {disable.isError ? <ErrorText error={disable.error} /> : null}
      {enabledUsers.length === 0 ? (
        <Text color="fg.muted">Statistics are not enabled for anyone.</Text>
      ) : (
        <List.Root as="ul" listStyle="none" gap="2" data-testid="statistics-enabled">
          {enabledUsers.map(({ userId: enabledId, ...named }) => (
            <List.Item key={enabledId}>
              <HStack justify="space-between" gap="3" borderWidth="1px" borderRadius="lg" px="3" py="2">
                <Stack gap="0" textStyle="sm" minW="0">
                  <UserName user={{ userId: enabledId, ...named }} />
                  <Text fontFamily="mono" textStyle="xs" color="fg.muted" truncate>
                    {enabledId}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="outline"
                  loading={disable.isPending && disable.variables?.userId === enabledId}
                  onClick={() => disable.mutate({ userId: enabledId })}
                  data-testid="statistics-disable"
                >
                  Disable
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Segment>
  );
}
