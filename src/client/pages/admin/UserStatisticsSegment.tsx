import { Button, Field, HStack, Input, List, Text } from "@chakra-ui/react";
import { useState } from "react";
import { ErrorCode } from "../../../shared/errors.ts";
import { errorCodeOf } from "../../api/errors.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { adminUserPath } from "./format.ts";
import { InlineForm, InlineSubmit } from "./InlineForm.tsx";
import { Segment } from "./Segment.tsx";

/** Enable statistics (activity recording) for a user id; disable it per enabled user. */
export function UserStatisticsSegment({ enabledUserIds }: { enabledUserIds: string[] }) {
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
      {enabledUserIds.length === 0 ? (
        <Text color="fg.muted">Statistics are not enabled for anyone.</Text>
      ) : (
        <List.Root as="ul" listStyle="none" gap="2" data-testid="statistics-enabled">
          {enabledUserIds.map((enabledId) => (
            <List.Item key={enabledId}>
              <HStack justify="space-between" gap="3" borderWidth="1px" borderRadius="lg" px="3" py="2">
                <AppLink
                  href={adminUserPath({ userId: enabledId })}
                  color="brand.fg"
                  fontFamily="mono"
                  textStyle="sm"
                >
                  {enabledId}
                </AppLink>
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
