import { Button, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { type ActivityEntry, activityPageTexts as texts } from "../../../../shared/activity.ts";
import { trpc } from "../../../api/trpc.ts";

/** Entries shown before "Show all". */
const FIRST = 10;
/** Song names an entry shows before "and N more". */
const SONGS_SHOWN = 3;

function songLine(entry: ActivityEntry): string | null {
  if (entry.songs.length === 0) return null;
  const names = entry.songs.slice(0, SONGS_SHOWN).map((s) => s.name);
  const more = entry.count - names.length;
  return more > 0 ? `${names.join(", ")} ${texts.more(more)}` : names.join(", ");
}

/** A key for each entry: its moment, kind and text, numbered when two say the same at the same moment. */
function withKeys(entries: readonly ActivityEntry[]): [string, ActivityEntry][] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const base = `${entry.at}|${entry.kind}|${entry.text}`;
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    return [`${base}|${nth}`, entry];
  });
}

/** The playlist's activity: what Crate and the listener changed in it, newest first, on the listener's clock. */
export function ActivityPanel({ name }: { name: string }) {
  const query = trpc.activity.list.useQuery({ name, limit: 100 });
  const [all, setAll] = useState(false);
  const entries = query.data?.entries ?? [];
  const shown = all ? entries : entries.slice(0, FIRST);
  return (
    <Stack gap="2" as="section" aria-labelledby="playlist-activity-heading" data-testid="playlist-activity">
      <Text as="h2" id="playlist-activity-heading" textStyle="lg" fontWeight="bold">
        {texts.title}
      </Text>
      <Text color="fg.muted" textStyle="sm">
        {texts.help}
      </Text>
      {query.data && entries.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          {texts.none}
        </Text>
      ) : null}
      <Stack as="ol" gap="2" listStyleType="none">
        {withKeys(shown).map(([key, entry]) => (
          <Stack as="li" key={key} gap="0" data-testid="activity-entry" data-kind={entry.kind}>
            <Text textStyle="xs" color="fg.muted">
              <time dateTime={entry.at}>{entry.when}</time>
            </Text>
            <Text textStyle="sm">{entry.text}</Text>
            {songLine(entry) ? (
              <Text textStyle="xs" color="fg.muted" lineClamp={2}>
                {songLine(entry)}
              </Text>
            ) : null}
          </Stack>
        ))}
      </Stack>
      {!all && entries.length > FIRST ? (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => setAll(true)}>
          {texts.showAll}
        </Button>
      ) : null}
    </Stack>
  );
}
