import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Blend, Info } from "lucide-react";
import { useState } from "react";
import { useSearch } from "wouter";
import { compareNames } from "../../../../shared/catalogue/index.ts";
import { DistributionProgress } from "../../../components/DistributionProgress.tsx";
import { Layout } from "../../../components/Layout.tsx";
import { LoginPrompt } from "../../../components/LoginPrompt.tsx";
import { AppLink } from "../../../components/RouterLink.tsx";
import { useDistributionProgress } from "../../../hooks/useDistributionProgress.ts";
import { useSession } from "../../../hooks/useSession.ts";
import { readCreatedCombinations } from "./storage.ts";

/** 'has been created' or 'have been created', by count (spec §2 'Combination-playlists-created page'). */
export function createdText(count: number): string {
  return count === 1
    ? "Your combination playlist has been created and will be kept up to date:"
    : "Your combination playlists have been created and will be kept up to date:";
}

/** `/playlists/combinations/success?distributionProgressId=`: the progress, then the names created. */
export function CombinationsSuccessPage() {
  const session = useSession();
  const progressId = new URLSearchParams(useSearch()).get("distributionProgressId");
  const [names] = useState(() => (progressId ? readCreatedCombinations(progressId).sort(compareNames) : []));
  const progress = useDistributionProgress(session.status === "loggedIn" ? progressId : null);

  if (session.status !== "loggedIn") {
    return (
      <Layout width="normal" heading={{ title: "Combination playlists created" }}>
        <LoginPrompt text="Please sign in to see your playlists." />
      </Layout>
    );
  }

  return (
    <Layout
      width="normal"
      heading={{
        eyebrow: "Combination playlists",
        title: names.length === 1 ? "Combination playlist created" : "Combination playlists created",
      }}
    >
      <Stack gap={{ base: "6", md: "8" }}>
        <Box
          p={{ base: "5", md: "7" }}
          borderRadius="2xl"
          borderWidth="1px"
          borderColor="border"
          bg="bg.panel"
        >
          {progressId ? (
            <DistributionProgress progress={progress} />
          ) : (
            <Text color="fg.muted">There is no distribution to follow here.</Text>
          )}
        </Box>

        <Stack gap="4" data-testid="combinations-created">
          <Text fontWeight="semibold" data-testid="created-text">
            {names.length > 0
              ? createdText(names.length)
              : "Your combination playlists have been created and will be kept up to date."}
          </Text>
          {names.length > 0 ? (
            <Box as="ul" listStyleType="none" display="grid" gap="2" data-testid="created-combinations">
              {names.map((name) => (
                <HStack
                  as="li"
                  key={name}
                  gap="3"
                  px="3.5"
                  py="2.5"
                  borderRadius="lg"
                  bg="bg.subtle"
                  borderWidth="1px"
                  borderColor="border.muted"
                >
                  <Box color="brand.fg" flexShrink="0">
                    <Blend size={16} aria-hidden />
                  </Box>
                  <Text textStyle="sm" fontWeight="medium">
                    {name}
                  </Text>
                </HStack>
              ))}
            </Box>
          ) : null}
        </Stack>

        <Stack gap="3" textStyle="sm" color="fg.muted">
          <HStack gap="2.5" align="start">
            <Box mt="0.5" flexShrink="0">
              <Info size={16} aria-hidden />
            </Box>
            <Text data-testid="appears-note">
              A playlist only appears in Spotify once at least one of your liked songs matches its criteria.
            </Text>
          </HStack>
          <HStack gap="2.5" align="start">
            <Box mt="0.5" flexShrink="0">
              <ArrowLeft size={16} aria-hidden />
            </Box>
            <Text>
              Go back to{" "}
              <AppLink
                href="/playlists/combinations"
                color="brand.fg"
                fontWeight="semibold"
                data-testid="back-to-combinations"
              >
                your combination playlists
              </AppLink>{" "}
              to create or delete more.
            </Text>
          </HStack>
        </Stack>
      </Stack>
    </Layout>
  );
}
