import { Box, List, Stack, Text } from "@chakra-ui/react";
import { metadataTexts } from "../../shared/metadata.ts";
import { trpc } from "../api/trpc.ts";

/** While lookups run: their progress; always: for each metadata group, how much of the library is classified. */
export function MetadataCoverage() {
  const coverage = trpc.metadata.coverage.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.lookup ? 3000 : false),
  });
  const data = coverage.data;
  if (!data || data.songs === 0) return null;
  return (
    <Box borderWidth="1px" borderRadius="xl" p="4" data-testid="metadata-coverage">
      <Stack gap="2">
        {data.lookup ? (
          <Text fontWeight="semibold" data-testid="metadata-lookup-progress" aria-live="polite">
            {metadataTexts.lookupProgress(data.lookup.done, data.lookup.total)}
          </Text>
        ) : null}
        <List.Root variant="plain" gap="1" fontSize="sm">
          {data.groups.map((group) => (
            <List.Item key={group.group} data-testid={`coverage-${group.group}`}>
              {group.text}
            </List.Item>
          ))}
        </List.Root>
      </Stack>
    </Box>
  );
}
