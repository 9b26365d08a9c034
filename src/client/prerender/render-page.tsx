// Renders a public page to HTML for a signed-out visitor: the markup, the styles Emotion made for it, and the
// query data it was rendered with, so the browser's first render matches it and can hydrate it (boot.tsx).
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import type { QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import type { RenderedPage, RenderedState } from "../../shared/prerender.ts";
import { AppProviders } from "../AppProviders.tsx";
import { createQueryClient } from "../api/trpc.ts";
import { TITLE_PREFIX } from "../hooks/usePageMeta.ts";
import type { LazyPage } from "../lib/lazyPage.ts";
import { renderingWith } from "../lib/rendered-data.ts";
import type { AppRoute } from "../lib/route-types.ts";

/** A cache that keeps every rule it is given instead of writing style elements into the markup. */
function collectingCache(): { cache: EmotionCache; styles: () => string } {
  const cache = createCache({ key: "css" });
  // In compat mode Emotion keeps each component's rules in `inserted` and writes no style elements.
  cache.compat = true;
  const globals = new Map<string, string>();
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const rules = insert(selector, serialized, sheet, shouldCache);
    // Global styles are the ones not cached: they come back as text.
    if (!shouldCache && typeof rules === "string") globals.set(serialized.name, rules);
    return rules;
  };
  const styles = () => {
    // The attributes Emotion's browser cache looks for, so it takes these over instead of inserting them again.
    const global = [...globals].map(
      ([name, rules]) => `<style data-emotion="css-global ${name}">${rules}</style>`,
    );
    const named = Object.entries(cache.inserted).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    const names = named.map(([name]) => name).join(" ");
    return `${global.join("")}<style data-emotion="css ${names}">${named.map(([, rules]) => rules).join("")}</style>`;
  };
  return { cache, styles };
}

function renderedState(queryClient: QueryClient): RenderedState {
  const queries = queryClient.getQueryCache().getAll();
  return {
    queries: queries.map((query) => ({
      queryKey: [...query.queryKey],
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    })),
  };
}

/**
 * The page at `path` rendered with the query data `seed` put in place. The page's chunk is loaded first, so the
 * page renders without suspending and the markup is whole, with no streaming scripts to run.
 */
export async function renderPage(
  path: string,
  route: AppRoute,
  seed: (queryClient: QueryClient) => void,
): Promise<RenderedPage> {
  await (route.component as Partial<LazyPage>).preload?.();
  const queryClient = createQueryClient();
  seed(queryClient);
  const { cache, styles } = collectingCache();
  renderingWith(
    Math.max(
      0,
      ...queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.dataUpdatedAt),
    ),
  );
  const html = renderToString(
    <CacheProvider value={cache}>
      <Router ssrPath={path}>
        <AppProviders queryClient={queryClient} />
      </Router>
    </CacheProvider>,
  );
  return {
    html,
    styles: styles(),
    state: JSON.stringify(renderedState(queryClient)),
    title: `${TITLE_PREFIX}${route.title}`,
    description: route.description,
  };
}
