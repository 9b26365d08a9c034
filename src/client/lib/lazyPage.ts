import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { limits } from "../../shared/limits.ts";

/** A script chunk that did not arrive in time (spec §7: chunks time out after 120 s). */
export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`The page did not load within ${Math.round(ms / 1000)} seconds.`);
    this.name = "ChunkTimeoutError";
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A lazily loaded page that can start fetching its chunk before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => void };

/**
 * A lazily loaded page whose chunk must arrive within `limits.chunkTimeoutMs`; otherwise the error boundary
 * around the routes shows a reload button. Use it for every route component:
 * `lazyPage(() => import("../pages/x/XPage.tsx"), (m) => m.XPage)`. `preload()` starts the fetch early (the shell
 * does so for the page it opens on, while the session lookup is still under way); rendering reuses that fetch.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  timeoutMs: number = limits.chunkTimeoutMs,
): LazyPage {
  let loading: Promise<M> | undefined;
  const fetchOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed chunk is fetched again on the next try
      throw error;
    });
    return loading;
  };
  const page = lazy(async () => ({ default: pick(await withTimeout(fetchOnce(), timeoutMs)) }));
  return Object.assign(page, { preload: () => void fetchOnce().catch(() => undefined) });
}
