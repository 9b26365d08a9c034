// The upgrade control of /plans for a signed-out visitor leads to /plans/login, a page of the app. Tapped before
// the app has loaded, it is answered at once in the rendered page: a light panel with that page's texts and its
// sign-in (a plain link, followed by the browser). Once the app runs the link is followed in it, so the address is
// /plans/login as usual, and the panel is removed when that page shows its own sign-in (ADR 0059).
import { PLANS_LOGIN_PATH, plansLoginTexts as texts } from "../shared/plans-login.ts";
import { authorizeUrl } from "./lib/referrer.ts";

/** The links answered here before the app runs. */
export const PLANS_LOGIN_LINK = `a[href='${PLANS_LOGIN_PATH}']`;
/** The page's own sign-in once the app has opened /plans/login (SignInButton's data-authorize). */
const PAGE_SIGN_IN = "#root [data-authorize='/api/authorize/plans']";

/** the link tapped early, while its panel is open: followed once the app runs */
let tapped: HTMLElement | null = null;
/** closes the open panel without moving the focus; true when the focus was in it */
let closePanel: (() => boolean) | null = null;

/** Opens the sign-in panel for the upgrade link `link`. */
export function openPlansLogin(link: HTMLElement): void {
  closePanel?.();
  const backdrop = document.createElement("div");
  const panel = document.createElement("div");
  const heading = document.createElement("h2");
  const body = document.createElement("p");
  const signIn = document.createElement("a");
  const back = document.createElement("button");
  const shut = (restoreFocus = true) => {
    backdrop.remove();
    panel.remove();
    document.removeEventListener("keydown", onKey, true);
    tapped = closePanel = null;
    if (restoreFocus) link.focus({ preventScroll: true });
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") shut();
  };
  Object.assign(backdrop.style, {
    position: "fixed",
    inset: "0",
    zIndex: "1400",
    background: "rgba(0,0,0,.6)",
  });
  Object.assign(panel.style, {
    position: "fixed",
    left: "50%",
    top: "50%",
    transform: "translate(-50%, -50%)",
    zIndex: "1401",
    width: "min(440px, calc(100vw - 32px))",
    padding: "32px 24px",
    borderRadius: "24px",
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: "16px",
    textAlign: "center",
    background: "var(--chakra-colors-bg-panel)",
    color: "var(--chakra-colors-fg)",
  });
  backdrop.dataset.early = panel.dataset.early = "";
  panel.dataset.testid = "plans-login-early";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  heading.id = "plans-login-early-title";
  panel.setAttribute("aria-labelledby", heading.id);
  heading.textContent = texts.title;
  Object.assign(heading.style, {
    fontSize: "28px",
    fontWeight: "800",
    letterSpacing: "-0.02em",
    margin: "0",
  });
  body.textContent = texts.body;
  Object.assign(body.style, { color: "var(--chakra-colors-fg-muted)", fontSize: "18px", margin: "0" });
  // the referrer and time zone are added as it is followed: reading the zone costs a slow phone tens of ms
  signIn.href = "/api/authorize/plans";
  signIn.addEventListener("click", () => {
    signIn.href = authorizeUrl("/api/authorize/plans");
  });
  signIn.textContent = texts.signIn;
  Object.assign(signIn.style, {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    width: "100%",
    minHeight: "48px",
    borderRadius: "9999px",
    fontWeight: "600",
    fontSize: "18px",
    textDecoration: "none",
    background: "var(--chakra-colors-brand-solid)",
    color: "var(--chakra-colors-brand-contrast)",
  });
  back.type = "button";
  back.textContent = texts.back;
  Object.assign(back.style, {
    minHeight: "44px",
    padding: "0 12px",
    color: "var(--chakra-colors-fg-muted)",
    fontSize: "14px",
  });
  back.addEventListener("click", () => shut());
  backdrop.addEventListener("click", () => shut());
  panel.append(heading, body, signIn, back);
  document.body.append(backdrop, panel);
  document.addEventListener("keydown", onKey, true);
  signIn.focus({ preventScroll: true });
  tapped = link;
  closePanel = () => {
    const focused = panel.contains(document.activeElement);
    shut(false);
    return focused;
  };
}

/**
 * The upgrade link tapped early whose panel is still open, to be clicked again once the app runs; the panel is
 * removed when the app's /plans/login shows its sign-in.
 */
export function plansLoginToReplay(): HTMLElement[] {
  const link = tapped;
  if (!link?.isConnected) return [];
  const close = closePanel;
  const root = document.getElementById("root");
  if (root && close) {
    const observer = new MutationObserver(() => {
      if (window.location.pathname !== PLANS_LOGIN_PATH || !document.querySelector(PAGE_SIGN_IN)) return;
      observer.disconnect();
      // the page's own sign-in takes the focus the panel's had
      if (close()) document.querySelector<HTMLElement>(PAGE_SIGN_IN)?.focus({ preventScroll: true });
    });
    observer.observe(root, { subtree: true, childList: true });
  }
  return [link];
}
