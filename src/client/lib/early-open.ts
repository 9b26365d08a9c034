// An answer of a page the server rendered that the visitor opened before the app took over (early-controls.ts) is
// open when the app hydrates the page: the app starts with it open, so taking over moves nothing (closing it and
// clicking it open again would shift everything below it on a slow phone).

/**
 * The values among `values` whose accordion item was opened before the app ran (none once the app runs); their
 * triggers are marked adopted, so the hand-over does not click them again (which would close them).
 */
export function openedBeforeApp(values: readonly string[]): string[] {
  if (typeof document === "undefined" || document.documentElement.dataset.app) return [];
  const open = [...document.querySelectorAll<HTMLElement>("[data-part=item-trigger][aria-expanded=true]")];
  return values.filter((value) => {
    const trigger = open.find((element) => element.id.endsWith(`:trigger:${value}`));
    if (trigger) trigger.dataset.adopted = "";
    return trigger !== undefined;
  });
}
