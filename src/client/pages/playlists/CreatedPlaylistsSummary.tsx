import { Box, type BoxProps, HStack, Text } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { DistributionProgress } from "../../components/DistributionProgress.tsx";
import type { ProgressState } from "../../hooks/useDistributionProgress.ts";

/** The panel following a distribution's progress, or saying there is none to follow. */
export function ProgressPanel({
  progressId,
  progress,
}: {
  progressId: string | null;
  progress: ProgressState;
}) {
  return (
    <Box p={{ base: "5", md: "7" }} borderRadius="2xl" borderWidth="1px" borderColor="border" bg="bg.panel">
      {progressId ? (
        <DistributionProgress progress={progress} />
      ) : (
        <Text color="fg.muted">There is no distribution to follow here.</Text>
      )}
    </Box>
  );
}

/** The names of the playlists a distribution created, one tile each. */
export function CreatedNameList({
  names,
  icon: Icon,
  testId,
  gridTemplateColumns,
}: {
  names: readonly string[];
  icon: LucideIcon;
  testId: string;
  gridTemplateColumns?: BoxProps["gridTemplateColumns"];
}) {
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="grid"
      gridTemplateColumns={gridTemplateColumns}
      gap="2"
      data-testid={testId}
    >
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
            <Icon size={16} aria-hidden />
          </Box>
          <Text textStyle="sm" fontWeight="medium">
            {name}
          </Text>
        </HStack>
      ))}
    </Box>
  );
}

/** A short line under the outcome with an icon in front: a hint or the way back. */
export function HintLine({
  icon: Icon,
  testId,
  children,
}: {
  icon: LucideIcon;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <HStack gap="2.5" align="start">
      <Box mt="0.5" flexShrink="0">
        <Icon size={16} aria-hidden />
      </Box>
      <Text data-testid={testId}>{children}</Text>
    </HStack>
  );
}
