// The live preview of a draft rule: asked once the listener pauses (debounced), the request of an older draft
// cancelled as soon as the draft changes, and an answer that comes late for an older draft never shown.
import { useEffect, useState } from "react";
import { PreviewRuleSchema } from "../../../../shared/combinations/schema.ts";
import type { RulePreview } from "../../../../shared/combinations/types.ts";
import { errorCodeOf } from "../../../api/errors.ts";
import { trpc } from "../../../api/trpc.ts";

/** How long the draft must rest before it is previewed. */
export const PREVIEW_PAUSE_MS = 350;

export type PreviewState =
  | { status: "empty" }
  | { status: "invalid"; field: string; message: string }
  | { status: "loading"; last: RulePreview | null }
  | { status: "ready"; preview: RulePreview }
  | { status: "failed"; errorCode: number };

/** Where in the draft the first problem is, as the server names a field (`criteria[0].years`). */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    "",
  );
}

export function useRulePreview(input: unknown, hasFilter: boolean): PreviewState {
  const utils = trpc.useUtils();
  const [state, setState] = useState<PreviewState>({ status: "empty" });
  // one key per draft as it stands: an unchanged draft re-rendered asks nothing new
  const key = JSON.stringify(input);

  useEffect(() => {
    if (!hasFilter) {
      setState({ status: "empty" });
      return;
    }
    const parsed = PreviewRuleSchema.safeParse(JSON.parse(key));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setState({ status: "invalid", field: fieldOf(issue?.path ?? []), message: issue?.message ?? "" });
      return;
    }
    setState((current) => ({
      status: "loading",
      last: current.status === "ready" ? current.preview : current.status === "loading" ? current.last : null,
    }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      utils.client.combinations.preview
        .query(parsed.data, { signal: controller.signal })
        .then((preview) => {
          if (!controller.signal.aborted) setState({ status: "ready", preview });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: "failed", errorCode: errorCodeOf(error) });
        });
    }, PREVIEW_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, hasFilter, utils]);

  return state;
}
