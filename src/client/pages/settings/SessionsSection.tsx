import { Badge, Button, Card, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { sessionTexts } from "../../../shared/sessions.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The listener's sessions, each with its own sign-out, and one button that ends them all. */
export function SessionsSection() {
  const utils = trpc.useUtils();
  const list = trpc.auth.sessions.useQuery();
  const leave = () => window.location.assign("/");
  const end = trpc.auth.endSession.useMutation({
    onSuccess: ({ signedOut }) => (signedOut ? leave() : utils.auth.sessions.invalidate()),
  });
  const everywhere = trpc.auth.logoutEverywhere.useMutation({ onSuccess: leave });
  const busy = end.isPending || everywhere.isPending;

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl" data-testid="sessions-section">
      <Card.Body gap="4" p={{ base: "5", md: "8" }}>
        <Stack gap="1">
          <Text as="h2" textStyle="xl" fontWeight="bold">
            {sessionTexts.title}
          </Text>
          <Text color="fg.muted" textStyle="sm">
            {sessionTexts.help}
          </Text>
        </Stack>
        {list.isError ? <ErrorText error={list.error} /> : null}
        {end.isError ? <ErrorText error={end.error} /> : null}
        {everywhere.isError ? <ErrorText error={everywhere.error} /> : null}
        <Skeleton loading={list.isPending} borderRadius="lg">
          <Stack gap="3" as="ul" listStyleType="none">
            {(list.data ?? []).map((session) => (
              <HStack
                as="li"
                key={session.id}
                justify="space-between"
                gap="3"
                wrap="wrap"
                borderWidth="1px"
                borderRadius="lg"
                p="3"
                data-testid="session-row"
                data-current={session.current}
              >
                <HStack gap="3" align="start">
                  <MonitorSmartphone size={20} aria-hidden />
                  <Stack gap="0.5">
                    <HStack gap="2">
                      <Text fontWeight="medium" data-testid="session-browser">
                        {session.browser}
                      </Text>
                      {session.current ? (
                        <Badge colorPalette="green">{sessionTexts.thisBrowser}</Badge>
                      ) : null}
                    </HStack>
                    <Text textStyle="sm" color="fg.muted">
                      {sessionTexts.firstSeen} {when(session.firstSeen)} · {sessionTexts.lastSeen}{" "}
                      {when(session.lastSeen)}
                    </Text>
                  </Stack>
                </HStack>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => end.mutate({ sessionId: session.id })}
                  disabled={busy}
                  data-testid="session-sign-out"
                >
                  {sessionTexts.signOut}
                </Button>
              </HStack>
            ))}
          </Stack>
        </Skeleton>
        <Stack gap="1" align="start">
          <Button
            colorPalette="red"
            variant="outline"
            onClick={() => everywhere.mutate()}
            loading={everywhere.isPending}
            disabled={busy}
            data-testid="sign-out-everywhere"
          >
            <LogOut size={16} aria-hidden />
            {sessionTexts.signOutEverywhere}
          </Button>
          <Text textStyle="sm" color="fg.muted">
            {sessionTexts.everywhereHelp}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
