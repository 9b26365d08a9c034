// Tells who waits (boot.tsx, while hydrating a page the server rendered) that a route's page has been shown. React
// hydrates the page's Suspense boundary in a pass after the frame around it, so only the page itself can say.

const waiting = new Set<() => void>();

export function whenPageShown(): Promise<void> {
  return new Promise((resolve) => waiting.add(resolve));
}

export function pageShown(): void {
  for (const resolve of waiting) resolve();
  waiting.clear();
}
