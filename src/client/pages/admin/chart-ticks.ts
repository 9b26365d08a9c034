import { type RefObject, useEffect, useRef, useState } from "react";

/** The widest label under a chart with the space kept between two: "2026-11-12" and "14:00" at 11 px. */
const LABEL_PX = { day: 76, hour: 46 } as const;

/**
 * As many of `times` (evenly spaced, as a chart's buckets are) as fit as labels along `plotWidth` px, the first one
 * and then every so many, the same step throughout: labels never overlap, whatever the range (a month of days,
 * months of weeks) and however narrow the screen.
 */
export function spacedTicks<T>(times: readonly T[], plotWidth: number, unit: keyof typeof LABEL_PX): T[] {
  if (times.length === 0 || plotWidth <= 0) return [];
  const fit = Math.max(1, Math.floor(plotWidth / LABEL_PX[unit]) + 1);
  if (fit === 1) return [times[0] as T];
  const step = Math.max(1, Math.ceil((times.length - 1) / (fit - 1)));
  return times.filter((_, i) => i % step === 0);
}

/** The width of the element `ref` holds, followed as the window changes (0 until it is laid out). */
export function useWidth<E extends HTMLElement>(): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
