import { Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { limits } from "../../../shared/limits.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { EmptyTableRow } from "./DetailTable.tsx";
import { FindMemberForm } from "./FindMemberForm.tsx";
import { adminUserPath, formatTime } from "./format.ts";
import { nextOffset, previousOffset } from "./paging.ts";
import { Segment } from "./Segment.tsx";
import { UserName } from "./UserName.tsx";

export function MembershipsSegment() {
  const [offset, setOffset] = useState(0);
  const members = trpc.admin.premiumMembers.useQuery({ offset }, { placeholderData: (previous) => previous });
  const rows = members.data ?? [];
  return (
    <Segment title="Memberships" subtitle="Current premium members, newest first." testId="admin-memberships">
      <FindMemberForm />
      {members.isError ? <ErrorText error={members.error} /> : null}
      <Table.ScrollArea borderWidth="1px" borderRadius="xl">
        <Table.Root size="sm" data-testid="premium-members">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Member</Table.ColumnHeader>
              <Table.ColumnHeader>User id</Table.ColumnHeader>
              <Table.ColumnHeader>Effective date</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((member) => (
              <Table.Row key={member.userId}>
                <Table.Cell>
                  <UserName user={member} />
                </Table.Cell>
                <Table.Cell>
                  <AppLink
                    href={adminUserPath({ userId: member.userId })}
                    color="fg.muted"
                    fontFamily="mono"
                    textStyle="xs"
                  >
                    {member.userId}
                  </AppLink>
                </Table.Cell>
                <Table.Cell>{formatTime(member.effectiveDate)}</Table.Cell>
              </Table.Row>
            ))}
            {rows.length === 0 && !members.isPending ? (
              <EmptyTableRow columns={3}>No premium members here.</EmptyTableRow>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HStack justify="space-between">
        <Text textStyle="sm" color="fg.muted" data-testid="premium-members-range">
          {rows.length === 0 ? `From ${offset + 1}` : `${offset + 1}–${offset + rows.length}`}
        </Text>
        <Stack direction="row" gap="2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOffset(previousOffset(offset))}
            disabled={offset === 0}
            data-testid="premium-previous"
          >
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOffset(nextOffset(offset, rows.length))}
            disabled={rows.length < limits.adminPageSize}
            data-testid="premium-next"
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </Stack>
      </HStack>
    </Segment>
  );
}
