import { Box, Stack, Text } from "@chakra-ui/react";
import { textForErrorCode } from "../../../../shared/errors.ts";
import type { PreviewState } from "./useRulePreview.ts";

/** Songs of the preview listed under the count. */
const LISTED = 5;

const matchText = (total: number) =>
  total === 1 ? "1 liked song matches" : `${total.toLocaleString("en-US")} liked songs match`;

/** The rule in one sentence, then how many liked songs match it now and the first of them in its order. */
export function RulePreviewPanel({ sentence, state }: { sentence: string; state: PreviewState }) {
  const shown = state.status === "ready" ? state.preview : state.status === "loading" ? state.last : null;
  return (
    <Box
      px="4"
      py="3"
      borderRadius="lg"
      bg="bg.subtle"
      borderWidth="1px"
      borderColor="border"
      data-testid="rule-preview"
      data-status={state.status}
    >
      <Stack gap="2">
        <Text textStyle="xs" color="fg.muted" fontWeight="semibold" textTransform="uppercase">
          This playlist holds
        </Text>
        <Text textStyle="sm" fontWeight="medium" data-testid="rule-sentence">
          {sentence || "Add a filter to a criterion to say which songs belong."}
        </Text>
        <Box aria-live="polite" aria-atomic="true">
          {state.status === "invalid" ? (
            <Text textStyle="sm" color="fg.warning" data-testid="preview-problem">
              Check {state.field}: {state.message}
            </Text>
          ) : null}
          {state.status === "failed" ? (
            <Text textStyle="sm" color="fg.error" data-testid="preview-problem">
              {textForErrorCode(state.errorCode)}
            </Text>
          ) : null}
          {shown ? (
            <Text textStyle="sm" fontWeight="semibold" data-testid="preview-count" data-total={shown.total}>
              {matchText(shown.total)} now{state.status === "loading" ? " (updating)" : ""}
            </Text>
          ) : state.status === "loading" ? (
            <Text textStyle="sm" color="fg.muted">
              Counting your liked songs
            </Text>
          ) : null}
        </Box>
        {shown && shown.songs.length > 0 ? (
          <Box as="ol" ps="5" textStyle="sm" color="fg.muted" data-testid="preview-songs">
            {shown.songs.slice(0, LISTED).map((song) => (
              <Box as="li" key={song.trackId} overflowWrap="anywhere">
                {song.name}
                {song.artists.length > 0 ? ` · ${song.artists.map((a) => a.name).join(", ")}` : ""}
              </Box>
            ))}
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
