// The first script of every page, kept small. For an empty shell it loads the app at once. For a page the server
// rendered (a public page for a signed-out visitor) the page is already there to read; the app is loaded when the
// visitor first reaches for it (a touch, the pointer, a key, focus; a first tap once it has been answered and
// drawn), so a phone spends nothing on script before then. Until the app has taken over, links are followed by
// the browser, the menu and the FAQ's answers answer at once (early-controls.ts), and any other click is held and
// run again once the app runs.
// The UI font is not imported here: the server serves its files and puts its rules in the page (static/fonts.ts).
import { PRERENDER_STATE_ID, type RenderedState } from "../shared/prerender.ts";
import {
  answerEarly,
  EARLY_LINKS,
  plansLoginToReplay,
  ticksToReplay,
  togglesToReplay,
} from "./early-controls.ts";
import { askEarly } from "./lib/early-data.ts";
import { authorizeUrl, rememberExternalReferrer } from "./lib/referrer.ts";
import { startDemoTogether } from "./pages/public/landing/demo-steps.ts";
import { reportWebVitals } from "./web-vitals.ts";

const FIRST_INTERACTIONS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin"] as const;

/** Resolves at the visitor's first interaction; clicks until then are held back and handed to `held`. */
function firstInteraction(held: (target: Element) => void): Promise<Event> {
  return new Promise((resolve) => {
    const start = (event: Event) => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, start, true);
      resolve(event);
    };
    for (const type of FIRST_INTERACTIONS)
      window.addEventListener(type, start, { capture: true, passive: true });
    document.addEventListener(
      "click",
      (event) => {
        if (document.documentElement.dataset.app || replaying) return;
        // a link opened in a new tab or window needs nothing from this page
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (!(event.target instanceof Element)) return;
        const signIn = event.target.closest<HTMLElement>("[data-authorize]")?.dataset.authorize;
        // links are followed by the browser (the next page arrives rendered too), but for the few answered early
        // (a page of the app's own); the early controls' own elements answer by themselves
        const link = !event.target.closest(EARLY_LINKS) && event.target.closest("a[href], [data-early]");
        if (!signIn && link) return;
        event.preventDefault();
        event.stopPropagation();
        // Signing in leaves the page: it needs no app, only the address the app would build.
        if (signIn === "/api/authorize" || signIn === "/api/authorize/plans") {
          window.location.assign(authorizeUrl(signIn));
          return;
        }
        if (!answerEarly(event.target)) held(event.target);
      },
      true,
    );
  });
}

async function start(container: HTMLElement) {
  const stateElement = document.getElementById(PRERENDER_STATE_ID);
  if (!stateElement?.textContent) {
    // the session and the page's data are asked for now, not once the app's chunks have arrived and rendered
    askEarly(window.location.pathname);
    const app = await import("./boot.tsx");
    app.mount(container);
    document.documentElement.dataset.app = "ready";
    return;
  }
  const state = JSON.parse(stateElement.textContent) as RenderedState;
  let lastClick: Element | undefined;
  const first = await firstInteraction((target) => {
    lastClick = target;
  });
  await answered(first);
  try {
    const app = await import("./boot.tsx");
    await app.hydratePage(container, state);
  } catch (error) {
    document.documentElement.dataset.app = "failed";
    console.error(error);
  }
  // Focus that moved before the app ran was not seen by it (a widget that tracks focus would ignore the click):
  // give it again.
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body) {
    focused.blur();
    focused.focus({ preventScroll: true });
    // let the app render what the focus changed before the click arrives, as between a real press and release
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  // Until the app is marked as running, clicks are still answered early or held, so none reaches the app between
  // its hydration and the replay (it would meet a page whose ticks it has not been given yet).
  // An accordion's trigger takes a click only while it has focus, as after a real press: each one toggled early is
  // focused, and the app given a task to see that, before its click (the page already shows it so: nothing moves).
  for (let toggles = togglesToReplay(); toggles.length > 0; toggles = togglesToReplay()) {
    for (const trigger of toggles) {
      trigger.focus({ preventScroll: true });
      await new Promise((resolve) => setTimeout(resolve, 0));
      click(trigger);
    }
    if (focused instanceof HTMLElement && focused !== document.body) focused.focus({ preventScroll: true });
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }
  // the ticks in one task: their rows are put back as rendered until clicked
  const replay = [...ticksToReplay(), ...plansLoginToReplay(), lastClick];
  document.documentElement.dataset.app ??= "ready";
  for (const element of replay) if (element?.isConnected) click(element);
}

/**
 * Resolves once `first` has been answered: a touch or press once its click (or its cancelling) has been drawn, and
 * then when the page is idle. Asking for the app's chunks costs a slow phone tens of milliseconds, which would
 * otherwise come between the first tap and its answer.
 */
async function answered(first: Event) {
  if (first.type === "pointerdown" || first.type === "touchstart") {
    await new Promise<void>((resolve) => {
      const ends = ["click", "pointercancel"] as const;
      const done = () => {
        for (const type of ends) window.removeEventListener(type, done, true);
        clearTimeout(timer);
        resolve();
      };
      // a press held without a click (a long press) waits no longer than this
      const timer = setTimeout(done, 1000);
      for (const type of ends) window.addEventListener(type, done, { capture: true, passive: true });
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
  await new Promise((resolve) =>
    // Safari has no idle callbacks
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(resolve, { timeout: 500 })
      : setTimeout(resolve, 50),
  );
}

/** True while a click made early is given to the app (dispatched synchronously), so it is not held again. */
let replaying = false;

function click(element: Element) {
  replaying = true;
  try {
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  } finally {
    replaying = false;
  }
}

rememberExternalReferrer();
reportWebVitals();
void startDemoTogether();
const container = document.getElementById("root");
if (container) void start(container);
