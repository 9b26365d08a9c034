// Every layout shift of a page, recorded in the page from its first script on (so the app's taking over of a
// rendered page is in it), for the tests that check nothing moved and for a failure's message.
import type { Page } from "playwright-core";

export interface RecordedShift {
  /** the page's clock, in ms */
  at: number;
  value: number;
  /** the shift followed an input (CLS leaves those out) */
  hadRecentInput: boolean;
  /** the elements that moved and how far down or up */
  moved: string[];
}

/** Records the layout shifts of every document the page loads from now on (call it before the first goto). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: RecordedShift[] = [];
    Object.assign(window, { recordedShifts: shifts });
    const describe = (node: Node | undefined) =>
      node instanceof Element
        ? `<${node.tagName.toLowerCase()} ${[...node.attributes].map((a) => `${a.name}="${a.value.slice(0, 40)}"`).join(" ")}>`
        : String(node);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          moved: (entry.sources ?? []).map(
            (source) =>
              `${describe(source.node)} y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}`,
          ),
        });
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts recorded so far in the page's current document. */
export const recordedShifts = (page: Page): Promise<RecordedShift[]> =>
  page.evaluate(() => (window as unknown as { recordedShifts?: RecordedShift[] }).recordedShifts ?? []);

/** The sum of the recorded shifts; with `unprompted`, only of those no input was followed by (as CLS counts). */
export async function layoutShiftTotal(page: Page, options: { unprompted?: boolean } = {}): Promise<number> {
  return (await recordedShifts(page))
    .filter((shift) => !options.unprompted || !shift.hadRecentInput)
    .reduce((sum, shift) => sum + shift.value, 0);
}

/** Fails with every shift recorded when their sum reaches `limit` (with `unprompted`, as `layoutShiftTotal`). */
export async function expectShiftsBelow(
  page: Page,
  limit: number,
  options: { unprompted?: boolean } = {},
): Promise<void> {
  const total = await layoutShiftTotal(page, options);
  if (total < limit) return;
  const shifts = await recordedShifts(page);
  throw new Error(
    `layout shifts add up to ${total.toFixed(4)}, not below ${limit}:\n${JSON.stringify(shifts, null, 1)}`,
  );
}
