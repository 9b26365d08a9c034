import { isPagePath } from "../../shared/pages/paths.ts";
import {
  LISTENER_PAGE_PATH,
  PRERENDER_STATE_ID,
  type PrerenderResponse,
  type PrerenderSeed,
  type RenderedPage,
} from "../../shared/prerender.ts";
import { carriesSessionCookie } from "../auth/cookies.ts";
import { getCheckoutConfig, getPremiumPrice } from "../billing/subscriptions.ts";
import type { Config } from "../config/config.ts";
import type { Deps } from "../deps/deps.ts";
import type { Logger } from "../platform/log.ts";
import { type Asset, makeAsset, requestAsset } from "./assets.ts";
import { type PageRenderer, sharedPageRenderer } from "./page-renderer.ts";
import { escapeHtml, fillShell, replaceLiterally } from "./shell-html.ts";

// Public pages for a signed-out visitor arrive rendered: the page is in the first HTML, readable and with working
// links before any script runs, and the app hydrates it when the visitor first interacts (client/main.tsx). The
// rendering is the client's own code, run by the process's page renderer (page-renderer.ts); each page is
// rendered once per set of data it shows and kept by this app. A signed-in listener's Playlists page is rendered
// too, with that listener's data, for every request and never kept (ADR 0033).

/** How long a request waits for its page to be rendered before it gets the plain shell instead. */
const RENDER_WAIT_MS = 5_000;
/** Pages kept; /plans is kept once per price, so the set is small but not fixed. */
const MAX_KEPT = 200;
/** Paths remembered as not rendered on the server (any unknown path a crawler tries), forgotten all at once when full. */
const MAX_DECLINED = 1_000;
/** After a failed render, or a renderer that stopped, the plain shell is served this long before trying again. */
const RETRY_AFTER_MS = 60_000;

/** The query data a page is rendered with; null when it cannot be had now (the page is served unrendered). */
export async function pageSeed(deps: Deps, path: string): Promise<PrerenderSeed | null> {
  const seed: PrerenderSeed = { "user.me": null };
  if (path !== "/plans") return seed;
  const checkout = getCheckoutConfig(deps);
  seed["billing.checkoutConfig"] = checkout;
  if (!checkout.premium) return seed;
  try {
    seed["billing.pricing"] = await getPremiumPrice(deps);
    return seed;
  } catch {
    return null;
  }
}

/** The built shell with a rendered page in its root, its styles and meta in the head, and its data beside it. */
export function pageHtml(shell: string, page: RenderedPage): string {
  const state = page.state.replace(/</g, "\\u003c");
  const withTitle = replaceLiterally(
    shell,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(page.title)}</title>`,
  );
  const withMeta = replaceLiterally(
    withTitle,
    /<meta name="description" content="[^"]*"/,
    `<meta name="description" content="${escapeHtml(page.description)}"`,
  );
  return fillShell(
    withMeta,
    page.styles,
    page.html,
    `<script type="application/json" id="${PRERENDER_STATE_ID}">${state}</script>`,
  );
}

/** A listener's page holds their data: it is never stored by a shared cache, and asked again on every visit. */
const LISTENER_PAGE_CACHE = "private, no-cache";

export interface PrerenderedPages {
  /**
   * The rendered page for this request, or null (not a page rendered on the server, a session that is not valid,
   * or not rendered in time).
   */
  pageFor(req: Request, path: string, shell: string, listenerShell?: string): Promise<Asset | null>;
}

export function createPrerenderedPages(
  seedFor: (path: string) => Promise<PrerenderSeed | null>,
  config: Pick<Config, "publicUrl">,
  log: Logger,
  /** the signed-in Playlists page's data for the request's listener, or null */
  listenerSeedFor?: (req: Request) => Promise<PrerenderSeed | null>,
  renderer: PageRenderer = sharedPageRenderer(),
): PrerenderedPages {
  const kept = new Map<string, Promise<Asset | null>>();
  const declined = new Set<string>();
  let pausedUntil = 0;

  const render = async (path: string, seed: PrerenderSeed): Promise<PrerenderResponse> => {
    const response = await renderer.render(path, seed);
    if ("stopped" in response) {
      log.error("page renderer stopped", { error: response.error });
      pausedUntil = Date.now() + RETRY_AFTER_MS;
    }
    return response;
  };

  /** `as`: what the page is kept under, when several paths share one page */
  const renderKept = (path: string, seed: PrerenderSeed, shell: string, as = path) => {
    const key = `${as}\n${JSON.stringify(seed)}`;
    let page = kept.get(key);
    if (!page) {
      page = render(path, seed).then((response) => {
        if ("error" in response) {
          log.error("page renderer", { path, error: response.error });
          // the shell meanwhile; rendered again after a while, not on every request
          setTimeout(() => kept.delete(key), RETRY_AFTER_MS).unref();
          return null;
        }
        if (!response.page) {
          kept.delete(key);
          if (declined.size >= MAX_DECLINED) declined.clear();
          declined.add(path);
          return null;
        }
        const html = new TextEncoder().encode(pageHtml(shell, response.page));
        return makeAsset(new Uint8Array(html), "text/html;charset=utf-8", "no-cache");
      });
      kept.set(key, page);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value ?? "");
    }
    return page;
  };

  const renderForListener = async (req: Request, path: string, seed: PrerenderSeed, shell: string) => {
    const response = await render(path, seed);
    if ("error" in response) {
      log.error("page renderer", { path, error: response.error });
      return null;
    }
    if (!response.page) return null;
    const html = new TextEncoder().encode(pageHtml(shell, response.page));
    return requestAsset(req, new Uint8Array(html), "text/html;charset=utf-8", LISTENER_PAGE_CACHE);
  };

  return {
    async pageFor(req, path, shell, listenerShell = shell) {
      if (req.method !== "GET" || Date.now() < pausedUntil) return null;
      if (carriesSessionCookie(req, config)) {
        if (path !== LISTENER_PAGE_PATH || !listenerSeedFor) return null;
        const page = listenerSeedFor(req).then((seed) =>
          seed ? renderForListener(req, path, seed, listenerShell) : null,
        );
        const timeout = new Promise<null>((resolve) => setTimeout(resolve, RENDER_WAIT_MS, null).unref());
        return Promise.race([page, timeout]);
      }
      // (a path a visitor gets unrendered, such as /playlists, may still be a listener's rendered page above)
      if (declined.has(path)) return null;
      // Every unknown path shows the same not-found page; only the header's selected link follows the first segment.
      const keptAs = isPagePath(path) ? path : `not found in /${path.split("/")[1] ?? ""}`;
      const page = seedFor(path).then((seed) => (seed ? renderKept(path, seed, shell, keptAs) : null));
      // A slow payment provider (the price of /plans) or a busy renderer never holds the page up for long.
      const timeout = new Promise<null>((resolve) => setTimeout(resolve, RENDER_WAIT_MS, null).unref());
      return Promise.race([page, timeout]);
    },
  };
}
