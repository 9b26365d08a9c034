import { type RefObject, useEffect } from "react";

/** Scrolls `element` into view as little as it takes (its scroll margins keep it clear of the sticky header). */
export function reveal(element: Element, block: ScrollLogicalPosition = "nearest"): void {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  element.scrollIntoView({ block, inline: "nearest", behavior: reduced ? "auto" : "smooth" });
}

const onScreen = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
};

/**
 * Brings `ref`'s element into view whenever `shown` turns to a new truthy value: what a tap makes appear (an error
 * under a button, a wizard below an introduction) shows where the listener looks, not below the fold. With `near`,
 * only while that element (the button pressed) is on screen: a second copy of the button elsewhere answers there.
 */
export function useRevealWhenShown(
  ref: RefObject<HTMLElement | null>,
  shown: unknown,
  options: { block?: ScrollLogicalPosition; near?: RefObject<HTMLElement | null> } = {},
): void {
  const { block = "nearest", near } = options;
  useEffect(() => {
    if (!shown || !ref.current) return;
    if (near?.current && !onScreen(near.current)) return;
    reveal(ref.current, block);
  }, [ref, shown, block, near]);
}
