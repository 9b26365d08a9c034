import type { PrerenderRequest, PrerenderResponse, PrerenderSeed } from "../../shared/prerender.ts";

// The page renderer: the client's own code (client/prerender) in a worker, so rendering never holds up the event
// loop. Starting one loads the whole client (seconds of CPU on a small machine), and what it renders depends on
// nothing but the page and its data, so one worker serves every app in the process, as the client bundle does.

/** The renderer's answer; `stopped` when the worker itself failed (every render waiting on it gets this). */
export type RendererResponse = PrerenderResponse | { id: number; error: string; stopped: true };

export interface PageRenderer {
  render(path: string, seed: PrerenderSeed): Promise<RendererResponse>;
}

/** The renderer's entry: embedded in the binary (an extra entry point of its build), else the source file. */
const rendererUrl = () =>
  typeof CRATE_PAGE_RENDERER === "string"
    ? CRATE_PAGE_RENDERER
    : new URL("../../client/prerender/worker.tsx", import.meta.url).href;

/** A renderer that starts its worker on the first render, and a new one after the worker failed. */
export function createPageRenderer(): PageRenderer {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting = new Map<number, (response: RendererResponse) => void>();

  const workerNow = () => {
    if (worker) return worker;
    const started = new Worker(rendererUrl());
    started.onmessage = (event: MessageEvent<PrerenderResponse>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    };
    started.onerror = (event) => {
      for (const [id, done] of waiting) done({ id, error: event.message, stopped: true });
      waiting.clear();
      started.terminate();
      if (worker === started) worker = undefined;
    };
    // the renderer never keeps the process alive on its own
    (started as Worker & { unref?: () => void }).unref?.();
    worker = started;
    return started;
  };

  return {
    render: (path, seed) =>
      new Promise<RendererResponse>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        workerNow().postMessage({ id, path, seed } satisfies PrerenderRequest);
      }),
  };
}

let shared: PageRenderer | undefined;

/** The process's renderer, shared by every app in it. */
export function sharedPageRenderer(): PageRenderer {
  shared ??= createPageRenderer();
  return shared;
}
