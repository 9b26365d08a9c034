import { Field, Input, NativeSelect, SimpleGrid } from "@chakra-ui/react";
import { limits } from "../../../../shared/limits.ts";
import { orderTexts } from "../../../../shared/rules/describe.ts";
import { type SongOrder, songOrders, type UnlikedChoice } from "../../../../shared/rules/model.ts";
import type { PlaylistDraft, WizardAction } from "./wizard.ts";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How the order reads in the list: like order is the default. */
const orderLabel = (order: SongOrder) =>
  order === "liked" ? "Oldest like first (as liked)" : capitalised(orderTexts[order]);

const unlikedLabels: Record<UnlikedChoice, string> = {
  keep: "Stay in the playlist",
  remove: "Leave the playlist",
};

/** A rule's order, its limit and what happens to songs the listener unlikes. */
export function RuleArrangement({
  draft,
  dispatch,
}: {
  draft: PlaylistDraft;
  dispatch: (action: WizardAction) => void;
}) {
  const key = draft.key;
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="rule-arrangement">
      <Field.Root>
        <Field.Label textStyle="xs" color="fg.muted">
          Order on Spotify
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={draft.order}
            borderRadius="lg"
            bg="bg"
            onChange={(event) => dispatch({ type: "setOrder", key, order: event.target.value as SongOrder })}
            data-testid="order-select"
          >
            {songOrders.map((order) => (
              <option key={order} value={order}>
                {orderLabel(order)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label textStyle="xs" color="fg.muted">
          At most (songs)
        </Field.Label>
        <Input
          type="number"
          inputMode="numeric"
          size="sm"
          borderRadius="lg"
          bg="bg"
          min={1}
          max={limits.playlistCapacity}
          placeholder="No limit"
          value={draft.limit ?? ""}
          onChange={(event) => {
            const limit = Number.parseInt(event.target.value, 10);
            dispatch({ type: "setLimit", key, limit: Number.isFinite(limit) ? limit : null });
          }}
          data-testid="limit-input"
        />
      </Field.Root>
      <Field.Root>
        <Field.Label textStyle="xs" color="fg.muted">
          Songs you unlike
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={draft.unliked}
            borderRadius="lg"
            bg="bg"
            onChange={(event) =>
              dispatch({ type: "setUnliked", key, unliked: event.target.value as UnlikedChoice })
            }
            data-testid="unliked-select"
          >
            {(Object.keys(unlikedLabels) as UnlikedChoice[]).map((choice) => (
              <option key={choice} value={choice}>
                {unlikedLabels[choice]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </SimpleGrid>
  );
}
