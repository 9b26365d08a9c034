// A check a page makes in Spotify before it answers (a playlist's own edits, the playlists the listener deleted): it
// runs in the listener's own lane of work, and the page waits a moment for it, then answers from Crate's record.
// While other work of the listener holds the lane, the check is queued behind it and the page answers at once
// (ADR 0080).
import type { Deps } from "../deps/deps.ts";

/** How long the page waits for the check before answering from Crate's record. */
const PAGE_WAIT_MS = 3_000;

/** Runs `check` as `work` in `userId`'s lane, waiting for it as above; a failure is logged, never the page's. */
export async function checkBeforeAnswering(
  deps: Pick<Deps, "work" | "log">,
  userId: string,
  check: () => Promise<unknown>,
  work: { name: string; key: string },
  context: Record<string, unknown> = {},
): Promise<void> {
  const behindOtherWork = deps.work.isBusy(userId);
  const running = deps.work.forUser(userId, check, work);
  const failed = (error: unknown) =>
    deps.log.info(`${work.name} failed`, { userId, ...context, error: String(error) });
  if (behindOtherWork) {
    running.catch(failed);
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PAGE_WAIT_MS);
  });
  try {
    await Promise.race([running, waited]);
  } catch (error) {
    failed(error);
  } finally {
    clearTimeout(timer);
    running.catch(() => undefined);
  }
}
