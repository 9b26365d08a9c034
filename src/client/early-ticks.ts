// A playlist ticked on the Playlists page the server rendered for a signed-in listener, before the app has taken
// the page over (ADR 0033): the row shows the tick at once, with the page's own markup. A tick is only a choice in
// the page until "Update playlists" sends it, so nothing is asked of the server here. Once the app has hydrated the
// page, each row whose tick changed is clicked again, so the app's selection comes to what the listener sees.

const OPTION = "[data-testid=playlist-option]";
const CHECKBOX = "[data-scope=checkbox][data-part=root]";
const GROUPS = "[data-testid=group-modules]";
const TICK = "20 6 9 17 4 12";

/** The rows whose tick changed here, each with the hidden checkbox the app listens to. */
const changed = new Map<HTMLElement, HTMLInputElement>();
/** Ticks added (+1) and removed (-1) here, against the selection the page was rendered with. */
let added = 0;

/**
 * Ticks or unticks the playlist row `target` is in; false when it is not a row's checkbox, or when the app must
 * decide (a Premium playlist opens its dialog; past the selection's cap nothing is ticked).
 */
export function tickEarly(target: Element): boolean {
  const box = target.closest<HTMLElement>(CHECKBOX);
  const option = box?.closest<HTMLElement>(OPTION);
  const input = box?.querySelector<HTMLInputElement>("input[type=checkbox]");
  const groups = option?.closest<HTMLElement>(GROUPS);
  if (!box || !option || !input || !groups || input.disabled) return false;
  const tick = option.dataset.checked !== "true";
  if (
    tick &&
    (option.dataset.premium || Number(groups.dataset.selected) + added >= Number(groups.dataset.cap))
  )
    return false;
  added += tick ? 1 : -1;
  show(option, box, tick);
  if (!changed.delete(option)) changed.set(option, input);
  return true;
}

/**
 * Puts the rows ticked here back as they were rendered and gives their checkboxes to click, so the app, which
 * has hydrated the rendered markup, ticks them itself (in the same task: nothing is drawn in between).
 */
export function ticksToReplay(): HTMLInputElement[] {
  const inputs: HTMLInputElement[] = [];
  for (const [option, input] of changed) {
    const box = input.closest<HTMLElement>(CHECKBOX);
    if (!box || !input.isConnected) continue;
    show(option, box, option.dataset.checked !== "true");
    inputs.push(input);
  }
  changed.clear();
  added = 0;
  return inputs;
}

/**
 * The row as ticked or not: its data-checked and the checkbox parts' data-state drive the styles. The app's mark
 * is an element it owns (or not): here it is hidden, or drawn as the control's background, never added or removed.
 */
function show(option: HTMLElement, box: HTMLElement, ticked: boolean) {
  option.dataset.checked = String(ticked);
  const state = ticked ? "checked" : "unchecked";
  for (const part of [box, ...box.querySelectorAll("[data-state]")]) part.setAttribute("data-state", state);
  const mark = box.querySelector<SVGSVGElement>("[data-part=control] svg");
  if (!mark) return;
  const drawn = mark.querySelector<SVGElement>("polyline");
  if (drawn) {
    drawn.style.visibility = ticked ? "" : "hidden";
    return;
  }
  const color = encodeURIComponent(getComputedStyle(mark).color);
  mark.style.backgroundImage = ticked
    ? `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='${color}' stroke-width='3' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpolyline points='${TICK}'/%3E%3C/svg%3E")`
    : "";
}
