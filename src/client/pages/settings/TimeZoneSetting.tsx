import { Button, Card, Field, NativeSelect, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { knownTimeZones, timeZoneTexts } from "../../../shared/time-zone.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { browserTimeZone } from "../../lib/referrer.ts";

/**
 * The listener's time zone: it decides which month, year and season a like belongs to. Choosing one saves it
 * at once; while a change is on its way, further changes are ignored.
 */
export function TimeZoneSetting() {
  const utils = trpc.useUtils();
  const query = trpc.settings.timeZone.useQuery();
  const change = trpc.settings.setTimeZone.useMutation({
    onSuccess: (answer) => utils.settings.timeZone.setData(undefined, answer),
  });
  const current = query.data;
  const browser = browserTimeZone();
  const zones = useMemo(() => {
    const all = knownTimeZones();
    return current && !all.includes(current.timeZone) ? [current.timeZone, ...all] : all;
  }, [current]);
  const choose = (timeZone: string) => {
    if (!change.isPending && timeZone !== current?.timeZone) change.mutate({ timeZone });
  };

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl">
      <Card.Body gap="4" p={{ base: "5", md: "8" }}>
        <Stack gap="1">
          <Text as="h2" textStyle="xl" fontWeight="bold">
            {timeZoneTexts.title}
          </Text>
          <Text color="fg.muted" textStyle="sm">
            {timeZoneTexts.help}
          </Text>
        </Stack>
        {query.isError ? <ErrorText error={query.error} /> : null}
        <Skeleton loading={!current} borderRadius="lg">
          <Field.Root w={{ sm: "80" }}>
            <Field.Label>{timeZoneTexts.label}</Field.Label>
            <NativeSelect.Root size="sm" disabled={change.isPending}>
              <NativeSelect.Field
                value={current?.timeZone ?? ""}
                onChange={(event) => choose(event.target.value)}
                aria-busy={change.isPending}
                data-testid="time-zone-select"
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Skeleton>
        {current && !current.known ? (
          <Text textStyle="sm" data-testid="time-zone-unknown">
            {timeZoneTexts.unknown}
          </Text>
        ) : null}
        {browser && current && browser !== current.timeZone ? (
          <Button
            alignSelf="start"
            size="sm"
            variant="outline"
            loading={change.isPending}
            onClick={() => choose(browser)}
            data-testid="time-zone-use-browser"
          >
            {timeZoneTexts.browserZone(browser)}
          </Button>
        ) : null}
        {change.isSuccess ? (
          <Text textStyle="sm" color="fg.muted" role="status">
            {timeZoneTexts.saved}
          </Text>
        ) : null}
        {change.isError ? <ErrorText error={change.error} /> : null}
      </Card.Body>
    </Card.Root>
  );
}
