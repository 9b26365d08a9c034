// The app proper: React, Chakra and the routes. main.tsx loads this chunk at once for an empty shell, and on the
// visitor's first interaction for a page the server has already rendered (hydrating what is there).
import { startTransition, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { RenderedState } from "../shared/prerender.ts";
import { preloadPageFor } from "./App.tsx";
import { AppProviders } from "./AppProviders.tsx";
import { createQueryClient } from "./api/trpc.ts";
import { whenPageShown } from "./lib/page-shown.ts";

function Root({ state }: { state?: RenderedState }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The data the page was rendered with, as of when it was rendered (so what goes stale is fetched again).
    for (const query of state?.queries ?? []) {
      client.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
    }
    return client;
  });
  return <AppProviders queryClient={queryClient} />;
}

/** Renders the app into an empty root. */
export function mount(container: HTMLElement): void {
  preloadPageFor(window.location.pathname);
  const root = createRoot(container);
  // A transition lets React render the first page in slices, yielding to the browser between them, instead of
  // one long task that keeps a phone from responding.
  startTransition(() => root.render(<Root />));
}

/**
 * Takes over markup the server rendered with `state`; resolves once the page is hydrated. The page's chunk is
 * fetched first, so the page renders without suspending and hydrates in one pass with the rest.
 */
export async function hydratePage(container: HTMLElement, state: RenderedState): Promise<void> {
  await preloadPageFor(window.location.pathname);
  const shown = whenPageShown();
  hydrateRoot(container, <Root state={state} />);
  await shown;
}
