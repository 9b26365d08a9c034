import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

export function firstSegment(path: string): string {
  return path.split("/").filter(Boolean)[0] ?? "";
}

/** Scrolls to the top whenever the first path segment changes (/plans → /faq, but not /policies/a → /policies/b). */
export function useScrollToTopOnSection(): void {
  const [location] = useLocation();
  const section = firstSegment(location);
  const previous = useRef(section);
  useEffect(() => {
    if (previous.current !== section) window.scrollTo({ top: 0, left: 0 });
    previous.current = section;
  }, [section]);
}
