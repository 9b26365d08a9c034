// A rendered page and its data go into the shell as they are: `$&`, `$'`, `` $` `` and `$$` in them are text,
// not String.replace's patterns (which would copy the rest of the shell, or its start, into the page).
import { describe, expect, test } from "bun:test";
import { pageHtml } from "../../../src/server/static/prerendered-pages.ts";
import { fillShell } from "../../../src/server/static/shell-html.ts";
import { PRERENDER_STATE_ID } from "../../../src/shared/prerender.ts";

const shell =
  '<!doctype html><html><head><title>Crate</title><meta name="description" content="x"></head>' +
  '<body><div id="root"></div><script src="/app.js"></script></body></html>';
const tricky = "Ca$$h $& $' $` $1 end";

describe("filling the shell", () => {
  test("head, root and what follows it are inserted literally", () => {
    const page = fillShell(shell, `<style>/*${tricky}*/</style>`, `<p>${tricky}</p>`, `<i>${tricky}</i>`);
    expect(page).toBe(
      `<!doctype html><html><head><title>Crate</title><meta name="description" content="x"><style>/*${tricky}*/</style></head>` +
        `<body><div id="root"><p>${tricky}</p></div><i>${tricky}</i><script src="/app.js"></script></body></html>`,
    );
  });

  test("a rendered page's title, description, markup and data are inserted literally", () => {
    const html = pageHtml(shell, {
      title: tricky,
      description: tricky,
      styles: "",
      html: `<p>${tricky}</p>`,
      state: JSON.stringify({ name: tricky }),
    });
    const escaped = tricky.replace("&", "&amp;");
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="description" content="${escaped}"`);
    expect(html).toContain(`<div id="root"><p>${tricky}</p></div>`);
    const state = new RegExp(`id="${PRERENDER_STATE_ID}">([^<]*)</script>`).exec(html)?.[1] ?? "";
    expect(JSON.parse(state)).toEqual({ name: tricky });
    expect(html.match(/<html>/g)).toHaveLength(1);
  });
});
