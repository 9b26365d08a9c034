import { Card, HStack, Stack, Text } from "@chakra-ui/react";
import { ChevronRight, FileJson } from "lucide-react";
import { trpc } from "../../api/trpc.ts";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { ChoicesSection } from "./ChoicesSection.tsx";
import { CorrectionsSection } from "./CorrectionsSection.tsx";
import { DeleteAccountSection } from "./DeleteAccountSection.tsx";
import { MY_DATA_FRESH_MS } from "./myDataQuery.ts";
import { PlaylistSettings } from "./PlaylistSettings.tsx";
import { SessionsSection } from "./SessionsSection.tsx";
import { SpotifyAccessSetting } from "./SpotifyAccessSetting.tsx";
import { TimeZoneSetting } from "./TimeZoneSetting.tsx";

/** `/settings`: playlist toggles, the time zone, a link to my data, and account deletion (login required). */
export function SettingsPage() {
  const session = useSession();
  const utils = trpc.useUtils();
  const fetchMyData = () =>
    void utils.account.personalDataPreview.prefetch(undefined, { staleTime: MY_DATA_FRESH_MS });
  return (
    <Layout width="narrow" heading={{ eyebrow: "Account", title: "Settings" }}>
      {session.status !== "loggedIn" ? (
        <LoginPrompt text="Please sign in to change your settings." />
      ) : (
        <Stack gap="8">
          <PlaylistSettings />
          <TimeZoneSetting />
          <SpotifyAccessSetting />
          <CorrectionsSection />
          <ChoicesSection />
          <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl">
            <Card.Body p={{ base: "5", md: "8" }} gap="2">
              <Text as="h2" textStyle="xl" fontWeight="bold">
                My data
              </Text>
              <Text color="fg.muted">See everything Crate stores about you.</Text>
              <AppLink
                href="/settings/my-data"
                color="brand.fg"
                fontWeight="semibold"
                data-testid="my-data-link"
                onPointerDown={fetchMyData}
                onKeyDown={(event) => {
                  if (event.key === "Enter") fetchMyData();
                }}
              >
                <HStack gap="2">
                  <FileJson size={18} aria-hidden />
                  Show my data
                  <ChevronRight size={16} aria-hidden />
                </HStack>
              </AppLink>
            </Card.Body>
          </Card.Root>
          <SessionsSection />
          <DeleteAccountSection />
        </Stack>
      )}
    </Layout>
  );
}
