import { Card, Skeleton, Stack, Switch, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { SettingName } from "../../../shared/schemas/settings.ts";
import {
  eachSetting,
  listenerSettings,
  type SettingKey,
  type ListenerSettings as Settings,
  settingKeys,
} from "../../../shared/settings.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";

/** One switch per declared setting, in the declaration's order. */
const toggles = settingKeys.map((key: SettingKey) => ({ key, ...listenerSettings[key] }));

function fromResponse(settings: { name: SettingName; value: boolean }[]): Settings {
  return eachSetting(
    (key) =>
      settings.find((s) => s.name === listenerSettings[key].specName)?.value ?? listenerSettings[key].default,
  );
}

/**
 * The playlist toggles. Each flip sends every current value at once; while a change is on its way,
 * further clicks are ignored. A failed change puts the toggle back and says why.
 */
export function PlaylistSettings() {
  const utils = trpc.useUtils();
  const query = trpc.settings.get.useQuery();
  const update = trpc.settings.update.useMutation();
  const [shown, setShown] = useState<Settings | null>(null);
  const current = shown ?? (query.data ? fromResponse(query.data.settings) : null);

  const flip = (key: keyof Settings) => {
    if (!current || update.isPending) return;
    const next = { ...current, [key]: !current[key] };
    setShown(next);
    update.mutate(next, {
      onSuccess: (response) => {
        utils.settings.get.setData(undefined, response);
        setShown(fromResponse(response.settings));
      },
      onError: () => setShown(current),
    });
  };

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl">
      <Card.Body gap="6" p={{ base: "5", md: "8" }}>
        <Stack gap="1">
          <Text as="h2" textStyle="xl" fontWeight="bold">
            Playlists on Spotify
          </Text>
          <Text color="fg.muted" textStyle="sm">
            Changes apply to the playlists Crate manages for you, and to every playlist it creates from now
            on.
          </Text>
        </Stack>
        {query.isError ? <ErrorText error={query.error} /> : null}
        {toggles.map((toggle) => (
          <Skeleton key={toggle.key} loading={!current} borderRadius="lg">
            <Stack gap="1">
              <Switch.Root
                colorPalette="brand"
                checked={current?.[toggle.key] ?? false}
                onCheckedChange={() => flip(toggle.key)}
                readOnly={update.isPending}
                aria-busy={update.isPending}
                data-testid={`setting-${toggle.specName}`}
                data-pending={update.isPending ? "" : undefined}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label fontWeight="medium">{toggle.label}</Switch.Label>
              </Switch.Root>
              <Text color="fg.muted" textStyle="sm" ps="12">
                {toggle.help}
              </Text>
            </Stack>
          </Skeleton>
        ))}
        {update.isError ? <ErrorText error={update.error} /> : null}
      </Card.Body>
    </Card.Root>
  );
}
