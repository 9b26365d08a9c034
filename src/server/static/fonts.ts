import { dirname, join } from "node:path";
import type { Bytes } from "../http/compression.ts";

// The UI font as separate hashed files instead of the data URLs Bun's CSS bundler would inline (four subsets, about
// 60 KB of render-blocking stylesheet). The `@font-face` rules go inline in the page's head, each with its
// `unicode-range`, so a browser fetches only the subsets a page's text needs; the latin one is preloaded. Until it
// arrives, text is drawn in a local fallback sized to the font's metrics, so the swap moves little.

const FONT_PACKAGE = "@fontsource-variable/plus-jakarta-sans";
/** The subset almost every page needs; the others load only for characters in their `unicode-range`. */
const PRELOADED_SUBSET = "latin-wght-normal";

/**
 * Arial (or its metric twin Liberation Sans) scaled to Plus Jakarta Sans: its text is 4.5% wider at weight 400 and
 * 1% at 800 (measured in Chromium), ascender 1.038 and descender 0.222 of the em, no line gap; the overrides are
 * relative to the adjusted size.
 */
const FALLBACK_FACE =
  '@font-face{font-family:"Plus Jakarta Sans Fallback";src:local("Arial"),local("Liberation Sans"),local("Helvetica");' +
  "size-adjust:103%;ascent-override:100.8%;descent-override:21.6%;line-gap-override:0%}";

export interface FontFiles {
  /** the hashed font files, served like any other bundle file */
  files: { name: string; body: Bytes; type: string }[];
  /** what goes at the end of the page's head: the preload and the `@font-face` rules */
  head: string;
}

/** Reads the font package's stylesheet and files, names each file by its content hash, rewrites the rules to them. */
export async function buildFontFiles(): Promise<FontFiles> {
  const cssPath = Bun.resolveSync(`${FONT_PACKAGE}/index.css`, import.meta.dir);
  const css = await Bun.file(cssPath).text();
  const files: FontFiles["files"] = [];
  let preload = "";
  const urls = [...new Set([...css.matchAll(/url\(\.\/files\/([^)]+)\.woff2\)/g)].map((m) => m[1] ?? ""))];
  let rules = css.replace(/\/\*[^*]*\*\//g, "").replace(/\s*\n\s*/g, "");
  for (const base of urls) {
    const body = await Bun.file(join(dirname(cssPath), "files", `${base}.woff2`)).bytes();
    const name = `${base.replace(/^plus-jakarta-sans-/, "font-")}-${Bun.hash(body).toString(36).slice(0, 8)}.woff2`;
    files.push({ name, body, type: "font/woff2" });
    rules = rules.replaceAll(`url(./files/${base}.woff2)`, `url(/${name})`);
    if (base.endsWith(PRELOADED_SUBSET)) {
      preload = `<link rel="preload" href="/${name}" as="font" type="font/woff2" crossorigin>`;
    }
  }
  if (files.length === 0 || !preload)
    throw new Error(`The font package ${FONT_PACKAGE} has no files to serve`);
  return { files, head: `${preload}<style>${rules}${FALLBACK_FACE}</style>` };
}
