import { basename, join } from "node:path";
import { isPagePath } from "../../shared/pages/paths.ts";
import { WEB_VITALS_META } from "../../shared/web-vitals.ts";
import type { Bytes } from "../http/compression.ts";
import { type Asset, assetResponse, IMMUTABLE, makeAsset } from "./assets.ts";
import { buildFontFiles } from "./fonts.ts";
import { landingShell } from "./landing-shell.ts";
import { embeddedPackedBundle, type PackedFile } from "./precompressed.ts";
import { type BuildOutputs, keepPreloads, opensHome, preloadLinks } from "./preloads.ts";
import type { PrerenderedPages } from "./prerendered-pages.ts";

// Serves the client bundle built with code splitting, so pages load only their own chunks (the admin area and
// its charts are not in the landing page's script). The compiled binary embeds the bundle (`bun build --compile
// --splitting` fills the HTML import's `files`); from source, Bun.serve's HTML import does not split, so the
// bundle is built once, at start, and kept in memory, its files compressed in the background (zlib's threads).
// Either way every file is served from here, compressed once and with validators (ADR 0015).

export interface ClientBundle {
  /** the SPA page for any route, naming the app's chunks for the browser to fetch at once */
  shell: Asset;
  /** the SPA page for the Playlists area (a signed-in listener's home), naming its chunks too */
  homeShell: Asset;
  /** the page for `/`, with the landing hero already in its HTML (when the rendered landing page is not to be had) */
  landing: Asset;
  /** the shell's HTML without preloads, for pages rendered into it (they load the app on the first interaction) */
  shellHtml: string;
  /** the same for the signed-in Playlists page rendered into it, naming the chunk of its early ticks */
  listenerShellHtml: string;
  /** the built HTML, with every preload */
  fullHtml: string;
  files: Map<string, Asset>;
}

/** Every page may be indexed; the API and the emulators are not pages. */
const ROBOTS_TXT = "User-agent: *\nDisallow: /api/\nDisallow: /emulator/\nAllow: /\n";

const clientEntry = join(import.meta.dir, "../../client/index.html");
/** The icon browsers and feed readers ask for at /favicon.ico (made from favicon.svg by scripts/favicon.ts). */
const faviconIco = join(import.meta.dir, "../../client/favicon.ico");
/** Its name is not hashed, so browsers keep it a day rather than for good. */
const FAVICON_CACHE = "public, max-age=86400";
const SHELL_CACHE = "no-cache";

function assemble(
  entries: { name: string; body: Bytes; type: string; forms?: PackedFile["forms"] }[],
): ClientBundle {
  const files = new Map<string, Asset>();
  let html: Bytes | undefined;
  for (const { name, body, type, forms } of entries) {
    if (name.endsWith(".html")) html = body;
    else
      files.set(`/${name}`, makeAsset(body, type, name === "favicon.ico" ? FAVICON_CACHE : IMMUTABLE, forms));
  }
  if (!html) throw new Error("The client bundle has no HTML page");
  const encode = (text: string) => new Uint8Array(new TextEncoder().encode(text));
  files.set("/robots.txt", makeAsset(encode(ROBOTS_TXT), "text/plain;charset=utf-8", SHELL_CACHE));
  return { ...pages(new TextDecoder().decode(html)), files };
}

/** The pages made from the built HTML: each with the preloads it needs. */
function pages(page: string): Omit<ClientBundle, "files"> {
  const type = "text/html;charset=utf-8";
  const encode = (text: string) => new Uint8Array(new TextEncoder().encode(text));
  const plain = keepPreloads(page, []);
  return {
    shell: makeAsset(encode(keepPreloads(page, ["app"])), type, SHELL_CACHE),
    homeShell: makeAsset(encode(keepPreloads(page, ["app", "home"])), type, SHELL_CACHE),
    landing: makeAsset(encode(landingShell(plain)), type, SHELL_CACHE),
    shellHtml: plain,
    listenerShellHtml: keepPreloads(page, ["ticks"]),
    fullHtml: page,
  };
}

/**
 * The client bundle's files, built from source as the server serves them (also used by `scripts/compile.ts`), with
 * the UI font's files beside them and its rules in the page's head.
 */
export async function buildClientFiles(): Promise<{ name: string; body: Bytes; type: string }[]> {
  const result = await Bun.build({
    entrypoints: [clientEntry],
    target: "browser",
    splitting: true,
    minify: true,
    publicPath: "/",
    metafile: true,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success || !result.metafile) {
    throw new AggregateError(result.logs, "The client bundle did not build");
  }
  const font = await buildFontFiles();
  const favicon = { name: "favicon.ico", body: await Bun.file(faviconIco).bytes(), type: "image/x-icon" };
  const preloads = preloadLinks(result.metafile.outputs as unknown as BuildOutputs);
  const outputs = await Promise.all(
    result.outputs.map(async (output) => {
      const name = output.path.replace(/^\.?\//, "");
      const body = new Uint8Array(await output.arrayBuffer());
      if (!name.endsWith(".html")) return { name, body, type: output.type };
      const page = new TextDecoder().decode(body);
      if (!page.includes("</head>")) throw new Error("The client page has no head");
      const withFont = new Uint8Array(
        new TextEncoder().encode(page.replace("</head>", `${font.head}${preloads}</head>`)),
      );
      return { name, body: withFont, type: output.type };
    }),
  );
  return [...outputs, ...font.files, favicon];
}

/** The bundle built from source; its files are compressed in the background as it starts serving them. */
export async function buildClientBundle(): Promise<ClientBundle> {
  return assemble(await buildClientFiles());
}

/**
 * The bundle the binary embeds: the files `scripts/compile.ts` built and compressed, packed into one embedded file;
 * else (a binary built another way) the HTML import's output files, compressed at start.
 */
async function embeddedBundle(index: Bun.HTMLBundle): Promise<ClientBundle> {
  const packed = await embeddedPackedBundle();
  if (packed) return assemble(packed);
  const files = index.files ?? [];
  return assemble(
    await Promise.all(
      files.map(async (file) => ({
        name: basename(file.path),
        body: await Bun.file(file.path).bytes(),
        type: file.headers["content-type"],
      })),
    ),
  );
}

let building: Promise<ClientBundle> | undefined;

/** The bundle, loaded (or built) on first use and shared by every server in this process. */
export function clientBundle(index?: Bun.HTMLBundle): Promise<ClientBundle> {
  building ??= (index?.files ? embeddedBundle(index) : buildClientBundle()).catch((error) => {
    building = undefined;
    throw error;
  });
  return building;
}

/** The bundle's pages with `head` added to their head (the same files). */
function withHead(bundle: ClientBundle, head: string): ClientBundle {
  return { ...pages(bundle.fullHtml.replace("</head>", `${head}</head>`)), files: bundle.files };
}

/**
 * Answers a page or asset request: built files by path; a public page rendered for a signed-out visitor; else the
 * landing page with its hero at `/`, the SPA shell for any other page. A path that is no page answers 404 with the
 * not-found page (rendered for a signed-out visitor, else the shell the app draws it in). Pages differ by the
 * session cookie. Below a sample rate of 1, every page carries it for its Core Web Vitals report
 * (client/web-vitals.ts).
 */
export function clientHandler(
  index?: Bun.HTMLBundle,
  pages?: PrerenderedPages,
  webVitalsSampleRate = 1,
): (req: Request) => Promise<Response> {
  let sampled: ClientBundle | undefined;
  const head = `<meta name="${WEB_VITALS_META}" content="${webVitalsSampleRate}">`;
  return async (req) => {
    const built = await clientBundle(index);
    if (webVitalsSampleRate !== 1) sampled ??= withHead(built, head);
    const bundle = sampled ?? built;
    const path = new URL(req.url).pathname;
    const file = bundle.files.get(path);
    if (file) return assetResponse(req, file);
    const rendered = await pages?.pageFor(req, path, bundle.shellHtml, bundle.listenerShellHtml);
    if (!isPagePath(path)) return notFound(req, rendered ?? bundle.shell);
    const response = await assetResponse(
      req,
      rendered ?? (path === "/" ? bundle.landing : opensHome(path) ? bundle.homeShell : bundle.shell),
    );
    response.headers.append("Vary", "Cookie");
    return response;
  };
}

/** The not-found page with its 404 status: never a 304 (a validator would turn it into a success), never kept. */
async function notFound(req: Request, page: Asset): Promise<Response> {
  const headers = new Headers(req.headers);
  headers.delete("if-none-match");
  const response = await assetResponse(new Request(req.url, { headers }), page);
  response.headers.set("Cache-Control", "no-cache");
  response.headers.delete("ETag");
  response.headers.append("Vary", "Cookie");
  return new Response(response.body, { status: 404, headers: response.headers });
}
