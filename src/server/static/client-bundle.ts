import { join } from "node:path";

// Serves the client bundle built with code splitting, so pages load only their own chunks (the admin area and
// its charts are not in the landing page's script). Bun.serve's HTML import does not split when run from source,
// so from source the bundle is built once, on the first page request, and kept in memory.

interface BuiltFile {
  body: Blob;
  type: string;
}

interface ClientBundle {
  indexHtml: BuiltFile;
  files: Map<string, BuiltFile>;
}

const clientEntry = join(import.meta.dir, "../../client/index.html");
let building: Promise<ClientBundle> | undefined;

async function buildClientBundle(): Promise<ClientBundle> {
  const result = await Bun.build({
    entrypoints: [clientEntry],
    target: "browser",
    splitting: true,
    minify: true,
    publicPath: "/",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success) {
    throw new AggregateError(result.logs, "The client bundle did not build");
  }
  const files = new Map<string, BuiltFile>();
  let indexHtml: BuiltFile | undefined;
  for (const output of result.outputs) {
    const name = output.path.replace(/^\.?\//, "");
    const file = { body: output, type: output.type };
    if (name.endsWith(".html")) indexHtml = file;
    else files.set(`/${name}`, file);
  }
  if (!indexHtml) throw new Error("The client bundle has no HTML page");
  return { indexHtml, files };
}

/** The bundle, built on first use and shared by every server in this process. */
export function clientBundle(): Promise<ClientBundle> {
  building ??= buildClientBundle().catch((error) => {
    building = undefined;
    throw error;
  });
  return building;
}

/** Answers a page or asset request from the split bundle: built files by path, the SPA page for anything else. */
export async function serveClient(req: Request): Promise<Response> {
  const bundle = await clientBundle();
  const path = new URL(req.url).pathname;
  const asset = bundle.files.get(path);
  if (asset) {
    return new Response(asset.body, {
      headers: { "Content-Type": asset.type, "Cache-Control": "public, max-age=31536000, immutable" },
    });
  }
  return new Response(bundle.indexHtml.body, {
    headers: { "Content-Type": "text/html;charset=utf-8", "Cache-Control": "no-cache" },
  });
}
