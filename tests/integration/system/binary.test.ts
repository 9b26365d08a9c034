import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { freePort, tempDir } from "../../support/server.ts";

const root = join(import.meta.dir, "../../..");
const binary = join(root, "dist", "crate");

async function waitForHealth(url: string, timeoutMs = 15_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  throw new Error(`no health answer from ${url}`);
}

describe("the single binary", () => {
  let folder: string;
  let proc: ReturnType<typeof Bun.spawn> | undefined;
  let url: string;

  beforeAll(() => {
    const build = Bun.spawnSync([process.execPath, "run", "compile"], {
      cwd: root,
      stdout: "pipe",
      stderr: "pipe",
    });
    if (build.exitCode !== 0) throw new Error(`compile failed: ${build.stderr.toString()}`);
    folder = tempDir("crate-binary-");
  }, 180_000);

  afterAll(() => {
    proc?.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  });

  test("without Spotify credentials it refuses to serve the demo unless DEMO=on is set", () => {
    const run = Bun.spawnSync([binary], {
      cwd: folder,
      env: { PATH: process.env.PATH ?? "", HOME: folder, PORT: String(freePort()), JOBS: "off" },
      timeout: 15_000,
    });
    expect(run.exitCode).toBe(1);
    const stderr = run.stderr.toString().trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("DEMO=on");
    expect(existsSync(join(folder, "data", "crate.db"))).toBe(false);
  }, 20_000);

  test("started from an empty folder with DEMO=on it creates its database, serves the landing page and answers health", async () => {
    expect(existsSync(binary)).toBe(true);
    const port = freePort();
    url = `http://127.0.0.1:${port}`;
    proc = Bun.spawn([binary], {
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: folder,
        PORT: String(port),
        JOBS: "off",
        LOG_LEVEL: "warn",
        DEMO: "on",
      },
      stdout: "ignore",
      stderr: "pipe",
    });
    const health = await waitForHealth(url);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(existsSync(join(folder, "data", "crate.db"))).toBe(true);
    expect(existsSync(join(folder, "crate.key"))).toBe(true);

    // A busy machine may answer the first visit with the shell while the renderer's worker starts (the
    // renderer's wait is bounded); the rendered page follows once it is ready.
    let page = await fetch(`${url}/`);
    let html = await page.text();
    for (let tries = 0; tries < 30 && !html.includes('id="crate-state"'); tries++) {
      await Bun.sleep(1_000);
      page = await fetch(`${url}/`);
      html = await page.text();
    }
    expect(page.status).toBe(200);
    // the embedded bundle goes through the same response policy as from source
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("etag")).toBeTruthy();
    expect(html).toContain('<div id="root">');
    // the page renderer, a worker embedded in the binary, rendered the landing page into it
    expect(html).toContain('id="crate-state"');
    expect(html).toMatch(/<h1[^>]*>.*Your liked songs/);
    const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
    expect(script).toBeTruthy();
    const bundle = await fetch(new URL(script ?? "", url));
    expect(bundle.status).toBe(200);
    const code = await bundle.text();
    // the production React build ships, not the development one: in the entry script and the chunks it can load
    const chunks = [...new Set(code.match(/\/chunk-[a-z0-9]+\.js/g) ?? [])];
    expect(chunks.length).toBeGreaterThan(10);
    for (const text of [
      code,
      ...(await Promise.all(chunks.map(async (c) => (await fetch(new URL(c, url))).text()))),
    ]) {
      expect(text).not.toContain("react-dom.development");
    }
  }, 70_000);

  test("dist/ holds the executable alone: its source map is inside it, and an error's stack names the source", () => {
    expect(readdirSync(join(root, "dist")).filter((name) => name.endsWith(".map"))).toEqual([]);
    // a database path that is a folder: SQLite cannot open it, and the error's stack reaches the top
    const broken = tempDir("crate-binary-stack-");
    mkdirSync(join(broken, "data", "crate.db"), { recursive: true });
    const run = Bun.spawnSync([binary], {
      cwd: broken,
      env: { PATH: process.env.PATH ?? "", HOME: broken, PORT: String(freePort()), JOBS: "off", DEMO: "on" },
      timeout: 15_000,
    });
    rmSync(broken, { recursive: true, force: true });
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr.toString()).toContain("src/server/db/client.ts");
  }, 20_000);

  test("SIGTERM shuts it down cleanly", async () => {
    const running = proc;
    if (!running) throw new Error("binary not running");
    running.kill("SIGTERM");
    const code = await running.exited;
    proc = undefined;
    expect(code).toBe(0);
  }, 15_000);
});
