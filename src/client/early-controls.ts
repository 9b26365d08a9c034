// The controls a visitor reaches first on a page the server rendered answer before the app has loaded (ADR 0031):
// the phone menu opens (a light panel with the header's own links), an FAQ answer expands, the upgrade control of
// /plans shows its sign-in (early-plans-login.ts, ADR 0059), and on the signed-in Playlists page a closed group
// opens and a playlist is ticked (early-ticks.ts, ADR 0033). The app loads meanwhile; an answer opened or a playlist ticked here is handed over by clicking it again once the app runs
// (React adopts the markup as it is), the light menu stays until it is closed or a link in it is followed.

import { openPlansLogin, PLANS_LOGIN_LINK } from "./early-plans-login.ts";

export { PLANS_LOGIN_LINK as EARLY_LINKS, plansLoginToReplay } from "./early-plans-login.ts";

const MENU_BUTTON = "[data-testid=menu-button]";
const ACCORDION_TRIGGER = "[data-scope=accordion][data-part=item-trigger]";

/**
 * The ticks of the signed-in Playlists page (early-ticks.ts): a chunk of its own, which that page alone names as a
 * preload (so public pages carry none of it), loaded as this script starts.
 */
let ticks: typeof import("./early-ticks.ts") | undefined;
if (document.querySelector("[data-testid=group-modules]"))
  void import("./early-ticks.ts").then((module) => {
    ticks = module;
  });

/** Questions opened or closed here, to be clicked again once the app runs (an even number of taps cancels out). */
const toggled = new Set<HTMLElement>();

/** Answers `target`'s click before the app has taken over; false when the click is not one of these controls. */
export function answerEarly(target: Element): boolean {
  if (ticks?.tickEarly(target)) return true;
  const trigger = target.closest<HTMLElement>(ACCORDION_TRIGGER);
  // an answer that is not in the page yet (the Playlists page's Subgenre list, or a group closed beside an open
  // Mood: mounted on opening) waits for the app
  if (trigger && document.getElementById(trigger.getAttribute("aria-controls") ?? "")) {
    toggleAnswer(trigger);
    if (!toggled.delete(trigger)) toggled.add(trigger);
    return true;
  }
  const upgrade = target.closest<HTMLElement>(PLANS_LOGIN_LINK);
  if (upgrade) {
    openPlansLogin(upgrade);
    return true;
  }
  const menuButton = target.closest<HTMLElement>(MENU_BUTTON);
  if (menuButton) {
    openMenu(menuButton);
    return true;
  }
  return false;
}

/**
 * The questions (or groups) opened or closed here, to be clicked again once the app has hydrated the page; not an
 * answer the app started open (marked by openedBeforeApp in lib/early-open.ts).
 */
export function togglesToReplay(): HTMLElement[] {
  const clicks = [...toggled].filter(
    (trigger) => trigger.isConnected && trigger.dataset.adopted === undefined,
  );
  for (const trigger of toggled) delete trigger.dataset.adopted;
  toggled.clear();
  return clicks;
}

/** The playlists ticked here, put back as rendered, to be clicked again in the same task (early-ticks.ts). */
export function ticksToReplay(): HTMLElement[] {
  return ticks?.ticksToReplay() ?? [];
}

/**
 * Opening a group draws its first rows (a phone's screen of them: GroupModule.tsx hides the others while the body
 * has `data-first-rows`) in that frame, and the others in the next: a slow phone would otherwise style, lay out and
 * paint all 35 rows of Genre before showing any.
 */
function drawFirstRowsFirst(content: HTMLElement) {
  content.dataset.firstRows = "";
  requestAnimationFrame(() => setTimeout(() => delete content.dataset.firstRows, 0));
}

function setState(element: Element | null, open: boolean) {
  element?.setAttribute("data-state", open ? "open" : "closed");
}

function toggleAnswer(trigger: HTMLElement) {
  const open = trigger.getAttribute("aria-expanded") !== "true";
  const content = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
  const item = trigger.closest("[data-part=item]");
  trigger.setAttribute("aria-expanded", String(open));
  for (const element of [trigger, item, content, item?.querySelector("[data-part=item-indicator]") ?? null])
    setState(element, open);
  if (!content) return;
  if (open) drawFirstRowsFirst(content);
  content.hidden = !open;
  // Opened at once, and not again when the app, taking over, opens it in its own state (its height animation
  // would collapse and grow the answer again, moving what is below).
  content.style.animationName = "none";
}

function openMenu(button: HTMLElement) {
  const links = document.querySelectorAll<HTMLAnchorElement>(
    "header nav[aria-label=Main] a, header a[href='/login']",
  );
  const backdrop = document.createElement("div");
  const panel = document.createElement("nav");
  const close = document.createElement("button");
  const shut = () => {
    backdrop.remove();
    panel.remove();
    button.setAttribute("aria-expanded", "false");
    document.removeEventListener("keydown", onKey, true);
    button.focus({ preventScroll: true });
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") shut();
  };
  Object.assign(backdrop.style, {
    position: "fixed",
    inset: "0",
    zIndex: "1400",
    background: "rgba(0,0,0,.6)",
    // neither is laid out or painted with the page (a slow phone styles and lays out the panel alone)
    contain: "strict",
  });
  Object.assign(panel.style, {
    position: "fixed",
    top: "0",
    right: "0",
    bottom: "0",
    zIndex: "1401",
    width: "min(320px, 85vw)",
    padding: "64px 16px 16px",
    display: "flex",
    flexDirection: "column",
    gap: "4px",
    background: "var(--chakra-colors-bg-panel)",
    color: "var(--chakra-colors-fg)",
    contain: "strict",
  });
  backdrop.dataset.early = panel.dataset.early = "";
  panel.setAttribute("aria-label", "Menu");
  panel.dataset.testid = "mobile-menu";
  close.type = "button";
  close.textContent = "×";
  close.setAttribute("aria-label", "Close menu");
  Object.assign(close.style, {
    position: "absolute",
    top: "12px",
    right: "12px",
    width: "44px",
    height: "44px",
    fontSize: "28px",
    color: "inherit",
  });
  close.addEventListener("click", shut);
  backdrop.addEventListener("click", shut);
  panel.append(close);
  for (const link of links) {
    const item = document.createElement("a");
    item.setAttribute("href", link.getAttribute("href") ?? "/");
    item.textContent = link.textContent;
    const current = link.getAttribute("aria-current");
    if (current) item.setAttribute("aria-current", current);
    Object.assign(item.style, {
      padding: "12px 16px",
      borderRadius: "8px",
      fontWeight: "600",
      fontSize: "18px",
      color: current ? "var(--chakra-colors-brand-fg)" : "inherit",
      background: current ? "var(--chakra-colors-brand-subtle)" : "none",
    });
    panel.append(item);
  }
  document.body.append(backdrop, panel);
  document.addEventListener("keydown", onKey, true);
  button.setAttribute("aria-expanded", "true");
  // Focus needs the panel laid out: moved there once its frame is drawn, so the tap's answer waits for no layout
  // forced here (a slow phone's first tap is measured to that frame).
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (panel.isConnected) panel.querySelector("a")?.focus({ preventScroll: true });
    }, 0),
  );
}
