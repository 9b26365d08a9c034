import { landingHero } from "../../shared/landing.ts";
import { escapeHtml, fillShell } from "./shell-html.ts";

// The page for `/` carries the landing hero in its HTML, so a phone paints the headline with the first bytes
// instead of after the whole app's script has run. React replaces it when it mounts (createRoot clears the root).
// Its headline is a little larger than the React hero's, so the later one is never a larger paint (LCP).

const STYLE = `<style>
#prerendered-hero{box-sizing:border-box;max-width:80rem;margin:0 auto;padding:5.5rem 1.25rem 4rem;color:#f6f5fa;
font-family:"Plus Jakarta Sans Variable","Plus Jakarta Sans Fallback",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
#prerendered-hero p.eyebrow{display:inline-block;margin:0 0 1.5rem;padding:.25rem .75rem;border:1px solid #7e2314;
border-radius:999px;color:#ffa06d;font-size:.75rem;font-weight:600}
#prerendered-hero h1{margin:0 0 1.5rem;font-size:2.75rem;line-height:1.05;font-weight:800;letter-spacing:-.035em;max-width:40rem}
#prerendered-hero h1 span{color:#ff7a3f}
#prerendered-hero p.lead{margin:0 0 1.75rem;max-width:36rem;font-size:1.125rem;line-height:1.6;color:#b2aec8}
#prerendered-hero a{display:inline-block;margin:0 .75rem .75rem 0;padding:.8rem 1.75rem;border-radius:999px;
font-weight:600;text-decoration:none;color:#f6f5fa;border:1px solid #6b6689}
#prerendered-hero a.primary{background:#c62e0f;border-color:#c62e0f;color:#fff}
#prerendered-hero ul{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;margin:1rem 0 0;padding:0;list-style:none;
color:#b2aec8;font-size:.875rem}
@media (min-width:48em){#prerendered-hero h1{font-size:3.75rem}#prerendered-hero p.lead{font-size:1.25rem}}
@media (min-width:80em){#prerendered-hero h1{font-size:4rem}}
</style>`;

function heroMarkup(): string {
  const h = landingHero;
  const items = h.highlights.map((item) => `<li>✓ ${escapeHtml(item)}</li>`).join("");
  return (
    `<div id="prerendered-hero"><p class="eyebrow">${escapeHtml(h.eyebrow)}</p>` +
    `<h1>${escapeHtml(h.titleStart)} <span>${escapeHtml(h.titleHighlight)}</span> ${escapeHtml(h.titleEnd)}</h1>` +
    `<p class="lead">${escapeHtml(h.lead)}</p>` +
    `<a class="primary" href="/api/authorize">${escapeHtml(h.signIn)}</a>` +
    `<a href="/login">${escapeHtml(h.getStarted)}</a><ul>${items}</ul></div>`
  );
}

/** The built shell with the hero inside the root element and its styles in the head. */
export function landingShell(shell: string): string {
  return fillShell(shell, STYLE, heroMarkup());
}
