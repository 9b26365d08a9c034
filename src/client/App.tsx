import { lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { AppFrame } from "./components/AppFrame.tsx";
import { ChunkErrorBoundary } from "./components/ChunkErrorBoundary.tsx";
import { FullScreenPlaceholder } from "./components/FullScreenPlaceholder.tsx";
import { PageSpinner } from "./components/PageSpinner.tsx";
import { RouteView } from "./components/RouteView.tsx";
import { useScrollToTopOnSection } from "./hooks/useScrollToTopOnSection.ts";
import { useSession } from "./hooks/useSession.ts";
import type { LazyPage } from "./lib/lazyPage.ts";
import type { AppRoute } from "./lib/route-types.ts";
import { accountRoutes } from "./routes/account.ts";
import { adminRoutes } from "./routes/admin.ts";
import { plansRoutes } from "./routes/plans.ts";
import { playlistsRoutes } from "./routes/playlists.ts";
import { landingRoute, notFoundRoute, publicRoutes } from "./routes/public.ts";

// Only signed-in pages raise toasts: the toast machine is a chunk of its own, not part of the landing page's script.
const Toaster = lazy(async () => ({ default: (await import("./components/Toaster.tsx")).Toaster }));

const areaRoutes = [...publicRoutes, ...playlistsRoutes, ...plansRoutes, ...accountRoutes, ...adminRoutes];
const playlistsHome = playlistsRoutes.find((route) => route.path === "/playlists");

/** The route registered for exactly `path` (the landing page at `/`), if any. */
export function routeAt(path: string): AppRoute | undefined {
  if (path === "/") return landingRoute;
  return areaRoutes.find((candidate) => candidate.path === path);
}

/**
 * Starts fetching the chunk of the page the visitor opens on, so it arrives while the session is looked up;
 * resolves when it has arrived (or failed: the error boundary shows that when the page renders).
 */
export function preloadPageFor(path: string): Promise<void> {
  const component = routeAt(path)?.component as Partial<LazyPage> | undefined;
  return component?.preload?.() ?? Promise.resolve();
}

/** The empty path: the landing page when logged out, the playlists screen when logged in (spec §2). */
function HomeRoute({ loggedIn }: { loggedIn: boolean }) {
  if (!loggedIn) return <RouteView route={landingRoute} />;
  return <RouteView route={playlistsHome ?? notFoundRoute} />;
}

export function App() {
  const session = useSession();
  const [location] = useLocation();
  useScrollToTopOnSection();

  // Content renders only once login state and membership level are known.
  if (session.status === "loading") return <FullScreenPlaceholder />;

  return (
    <AppFrame>
      <ChunkErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path="/">
              <HomeRoute loggedIn={session.status === "loggedIn"} />
            </Route>
            {areaRoutes.map((route) => (
              <Route key={route.path} path={route.path}>
                <RouteView route={route} />
              </Route>
            ))}
            <Route>
              <RouteView route={notFoundRoute} />
            </Route>
          </Switch>
        </Suspense>
      </ChunkErrorBoundary>
      {session.status === "loggedIn" ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </AppFrame>
  );
}
