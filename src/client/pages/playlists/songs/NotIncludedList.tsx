import { Box, HStack, Stack, Text, useBreakpointValue } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { explainPageTexts as texts } from "../../../../shared/explain.ts";
import type { NotIncludedSong } from "../../../../shared/schemas/explain.ts";
import { VirtualList } from "../../../components/VirtualList.tsx";

/** a row's height: on a phone its reason gets two lines, so it is read whole */
const ROW_PX = { base: 76, md: 56 };

/** The songs that match but are not in the playlist, and why (a long list scrolls in its own box). */
export function NotIncludedList({
  songs,
  action,
}: {
  songs: readonly NotIncludedSong[];
  /** a control beside a song (put back one the listener removed) */
  action?: (song: NotIncludedSong) => ReactNode;
}) {
  const rowPx = useBreakpointValue(ROW_PX) ?? ROW_PX.md;
  return (
    <Stack gap="2" as="section" aria-label={texts.notIncludedTitle}>
      <Text as="h2" textStyle="lg" fontWeight="bold">
        {texts.notIncludedTitle}
      </Text>
      {songs.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          {texts.noneNotIncluded}
        </Text>
      ) : (
        <VirtualList
          items={songs}
          rowPx={rowPx}
          heightPx={Math.min(songs.length, 6) * rowPx}
          listRole="list"
          listLabel={texts.notIncludedTitle}
          itemKey={(s) => s.trackId}
          renderRow={(s, placement) => (
            <HStack
              role="listitem"
              {...placement}
              px="2"
              py="1"
              gap="2"
              data-testid="not-included"
              data-kind={s.kind}
            >
              <Box minW="0" flex="1">
                <Text textStyle="sm" fontWeight="semibold" truncate>
                  {s.name}
                </Text>
                <Text textStyle="xs" color="fg.muted" lineClamp={{ base: 2, md: 1 }} title={s.text}>
                  {s.text}
                </Text>
              </Box>
              {action?.(s)}
            </HStack>
          )}
        />
      )}
    </Stack>
  );
}
