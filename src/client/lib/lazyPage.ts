import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from "react";
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
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A lazily loaded page whose chunk must arrive within `limits.chunkTimeoutMs`; otherwise the error boundary
 * around the routes shows a reload button. Use it for every route component:
 * `lazyPage(() => import("../pages/x/XPage.tsx"), (m) => m.XPage)`. `preload()` starts the fetch early (the shell
 * does so for the page it opens on, while the session lookup is still under way) and resolves when it is done;
 * a page whose chunk has arrived renders at once, without suspending (so hydration never stops at it).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  timeoutMs: number = limits.chunkTimeoutMs,
): LazyPage {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  const fetchOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk is fetched again on the next try
        throw error;
      },
    );
    return loading;
  };
  const Lazy: LazyExoticComponent<ComponentType> = lazy(async () => ({
    default: pick(await withTimeout(fetchOnce(), timeoutMs)),
  }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route when the routes load, never in a render
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the page itself would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded) : createElement(Lazy);
  }
  return Object.assign(Page, {
    preload: () =>
      fetchOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}
