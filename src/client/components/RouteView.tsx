import { useEffect } from "react";
import { usePageMeta } from "../hooks/usePageMeta.ts";
import { pageShown } from "../lib/page-shown.ts";
import type { AppRoute } from "../lib/route-types.ts";

/** Renders a route's page after setting its title and meta description. */
export function RouteView({ route }: { route: AppRoute }) {
  usePageMeta(route.title, route.description);
  useEffect(pageShown, []);
  const Page = route.component;
  return <Page />;
}
