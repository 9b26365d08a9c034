import { Alert, Field, NativeSelect, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { messages } from "../../../shared/errors.ts";
import type { MembershipLevel } from "../../../shared/membership.ts";
import { membershipLevelNames } from "../../../shared/membership-names.ts";
import { trpc } from "../../api/trpc.ts";
import { useSession } from "../../hooks/useSession.ts";
import { InlineForm, InlineSubmit } from "./InlineForm.tsx";

// The levels from their names rather than the shared zod schema, which would add zod to the admin chunk.
const membershipLevels = Object.keys(membershipLevelNames) as MembershipLevel[];

const isLevel = (value: string): value is MembershipLevel => Object.hasOwn(membershipLevelNames, value);

/** Sets the user's membership level at once (a membership event); says whether it worked. */
export function MembershipControl({ userId, current }: { userId: string; current: MembershipLevel }) {
  const utils = trpc.useUtils();
  const session = useSession();
  const [level, setLevel] = useState<MembershipLevel>(current);
  const change = trpc.admin.setMembership.useMutation({
    onSuccess: async () => {
      await utils.admin.userDetail.invalidate();
      void utils.admin.premiumMembers.invalidate();
      void utils.admin.statistics.invalidate();
      // An admin changing their own level: the shell's membership level follows.
      if (userId === session.userId) void utils.user.me.invalidate();
    },
  });
  return (
    <Stack gap="3" data-testid="membership-control">
      <InlineForm
        breakpoint="sm"
        onSubmit={() => {
          if (!change.isPending) change.mutate({ userId, membershipLevel: level });
        }}
      >
        <Field.Root w={{ sm: "72" }}>
          <Field.Label>Membership level</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={level}
              onChange={(event) => {
                if (isLevel(event.target.value)) setLevel(event.target.value);
                change.reset();
              }}
              data-testid="membership-level-select"
            >
              {membershipLevels.map((option) => (
                <option key={option} value={option}>
                  {membershipLevelNames[option]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <InlineSubmit loading={change.isPending} data-testid="membership-change">
          Change membership
        </InlineSubmit>
      </InlineForm>
      {change.isSuccess ? (
        <Alert.Root status="success" borderRadius="lg" data-testid="membership-change-result">
          <Alert.Indicator />
          <Alert.Title>{messages.membershipChanged}</Alert.Title>
        </Alert.Root>
      ) : null}
      {change.isError ? (
        <Alert.Root status="error" borderRadius="lg" data-testid="membership-change-result">
          <Alert.Indicator />
          <Alert.Title>{messages.membershipChangeFailed}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
