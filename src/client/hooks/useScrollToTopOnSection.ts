import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

export function firstSegment(path: string): string {
  return path.split("/").filter(Boolean)[0] ?? "";
}

/**
 * A new page starts at its top. The spec scrolls to the top whenever the first path segment changes (/plans → /faq,
 * also going back); and any other page the app goes to (a link, a form's next page: /playlists →
 * /playlists/distribution-success, /admin → /admin/users) starts at its top too. Going back or forward within a
 * section leaves the browser's own restoring of the place alone.
 */
export function useScrollToTopOnSection(): void {
  const [location] = useLocation();
  const previous = useRef(location);
  const backOrForward = useRef(false);
  useEffect(() => {
    // Captured on the window, so it runs before the router's own listener renders the page it goes to.
    const popped = () => {
      backOrForward.current = true;
    };
    window.addEventListener("popstate", popped, { capture: true });
    return () => window.removeEventListener("popstate", popped, { capture: true });
  }, []);
  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    const popped = backOrForward.current;
    backOrForward.current = false;
    if (from === location) return;
    if (firstSegment(from) !== firstSegment(location) || !popped) window.scrollTo({ top: 0, left: 0 });
  }, [location]);
}
