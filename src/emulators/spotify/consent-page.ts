// The accounts service's consent page: pick an emulated listener to sign in as, or cancel.
import type { ListenerProfile } from "./model/listeners.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface ConsentPageInput {
  params: URLSearchParams;
  listeners: readonly { profile: ListenerProfile; likes: number }[];
  moreListeners: number;
  scopes: readonly string[];
}

export function consentPage({ params, listeners, moreListeners, scopes }: ConsentPageInput): string {
  const hidden = [...params.entries()]
    .filter(([name]) => !name.startsWith("emulator_"))
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n      ");
  const buttons = listeners
    .map(
      ({
        profile,
        likes,
      }) => `<li><button type="submit" name="emulator_user" value="${escapeHtml(profile.id)}"
            data-listener="${escapeHtml(profile.id)}">
          <strong>${escapeHtml(profile.displayName)}</strong>
          <span>${escapeHtml(profile.id)} · ${profile.product} · ${likes.toLocaleString("en-US")} liked songs</span>
        </button></li>`,
    )
    .join("\n        ");
  const scopeList = scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Log in to Spotify (emulated)</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #121212; color: #fff; margin: 0; }
    main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #1e1e1e; border-radius: 12px; }
    h1 { font-size: 1.5rem; margin-top: 0; }
    ul.listeners { list-style: none; padding: 0; }
    ul.listeners button { width: 100%; text-align: left; margin: 0.4rem 0; padding: 0.8rem 1rem; border: 0;
      border-radius: 999px; background: #1ed760; color: #000; cursor: pointer; font-size: 1rem; }
    ul.listeners span { display: block; font-size: 0.8rem; }
    button.cancel { background: transparent; color: #fff; border: 1px solid #777; border-radius: 999px;
      padding: 0.6rem 1.4rem; cursor: pointer; }
    .other { display: flex; gap: 0.5rem; margin: 1rem 0; }
    .other input { flex: 1; padding: 0.5rem; border-radius: 6px; border: 1px solid #555; background: #121212; color: #fff; }
    small { color: #aaa; }
  </style>
</head>
<body>
  <main>
    <h1>Log in to Spotify</h1>
    <p>This is the Spotify emulator. Choose a listener to sign in as and agree to give the app access.</p>
    <details><summary>The app asks to</summary><ul>${scopeList}</ul></details>
    <form method="get" action="">
      ${hidden}
      <ul class="listeners">
        ${buttons}
      </ul>
      ${moreListeners > 0 ? `<small>${moreListeners} more listeners exist; enter an id below.</small>` : ""}
    </form>
    <form method="get" action="" class="other">
      ${hidden}
      <input name="emulator_user" placeholder="Another listener id" aria-label="Listener id" required>
      <button type="submit" class="cancel">Sign in</button>
    </form>
    <form method="get" action="">
      ${hidden}
      <button type="submit" class="cancel" name="emulator_deny" value="1">Cancel</button>
    </form>
  </main>
</body>
</html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head>
<body><main><h1>Oops! Something went wrong</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}
