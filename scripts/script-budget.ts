// Script bytes on the wire per route, from the built client bundle: the shell's scripts, each route's page chunk
// and every chunk they import statically, Brotli-compressed as the server sends them. Exits 1 when the landing
// route is over its budget. Usage: bun scripts/script-budget.ts
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { httpPolicy } from "../src/shared/http.ts";

const root = join(import.meta.dir, "..");
const client = join(root, "src/client");

interface Output {
  bytes: number;
  imports: { path: string; kind: string }[];
  entryPoint?: string;
}

const result = await Bun.build({
  entrypoints: [join(client, "index.html")],
  target: "browser",
  splitting: true,
  minify: true,
  publicPath: "/",
  metafile: true,
  define: { "process.env.NODE_ENV": '"production"' },
});
if (!result.success || !result.metafile)
  throw new AggregateError(result.logs, "the client bundle did not build");
const outputs = result.metafile.outputs as unknown as Record<string, Output>;
const name = (path: string) => path.replace(/^\.?\//, "");
const wire = new Map<string, number>();
for (const artifact of result.outputs) {
  if (!artifact.path.endsWith(".js")) continue;
  const body = new Uint8Array(await artifact.arrayBuffer());
  const compressed = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  });
  wire.set(name(artifact.path), compressed.byteLength);
}

/** A chunk and everything it imports statically (what the browser fetches before it runs). */
function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const next = queue.pop() ?? "";
    if (seen.has(next) || !next.endsWith(".js")) continue;
    seen.add(next);
    for (const imported of outputs[`./${next}`]?.imports ?? outputs[next]?.imports ?? []) {
      if (imported.kind !== "dynamic-import") queue.push(name(imported.path));
    }
  }
  return seen;
}

const shellScripts = Object.entries(outputs)
  .filter(([, o]) => o.entryPoint?.endsWith("index.html"))
  .map(([path]) => name(path))
  .filter((path) => path.endsWith(".js"));
const chunkOf = new Map<string, string>();
for (const [path, o] of Object.entries(outputs)) {
  if (o.entryPoint) chunkOf.set(relative(root, join(root, o.entryPoint)), name(path));
}

/** Route paths and the page module each one loads, read from src/client/routes. */
function routes(): { path: string; page: string }[] {
  const found: { path: string; page: string }[] = [];
  const dir = join(client, "routes");
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), "utf8");
    for (const match of text.matchAll(
      /path: "([^"]+)",\s*component: lazyPage\(\s*\(\) => import\("([^"]+)"\)/g,
    )) {
      found.push({ path: match[1] ?? "", page: relative(root, join(dir, match[2] ?? "")) });
    }
  }
  return found;
}

// The app (React, Chakra, the routes) is a chunk main.tsx imports dynamically: at once for the shell, at the first
// interaction for a page rendered on the server. Either way a route's page needs it, so it counts.
const appChunk = chunkOf.get("src/client/boot.tsx");
if (!appChunk) throw new Error("no chunk for src/client/boot.tsx");
const rows = routes().map(({ path, page }) => {
  const pageChunk = chunkOf.get(page);
  const files = closure([...shellScripts, appChunk, ...(pageChunk ? [pageChunk] : [])]);
  const bytes = [...files].reduce((sum, file) => sum + (wire.get(file) ?? 0), 0);
  return { path, files: files.size, bytes };
});
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log("route                                        scripts   on the wire (br)");
for (const row of rows)
  console.log(`${row.path.padEnd(44)} ${String(row.files).padStart(7)}   ${kb(row.bytes)}`);
const landing = rows.find((row) => row.path === "/");
const budget = httpPolicy.landingScriptBudgetBytes;
if (!landing) throw new Error("no route for / in src/client/routes");
const beforeInteraction = [...closure(shellScripts)].reduce((sum, file) => sum + (wire.get(file) ?? 0), 0);
console.log(
  `a page rendered on the server, before the first interaction: ${kb(beforeInteraction)} of script`,
);
console.log(`landing route: ${kb(landing.bytes)} of script, budget ${kb(budget)}`);
if (landing.bytes > budget) {
  console.log("over budget");
  process.exit(1);
}
