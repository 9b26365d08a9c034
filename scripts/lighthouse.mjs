// Lighthouse (mobile: simulated CPU x4, 1.6 Mbps, 150 ms) on the landing page, a catalogue page, /plans and /faq,
// against the compiled binary (dist/crate) when it exists, else `bun src/server/main.ts`, on a fresh database.
// Prints the four category scores and the Largest Contentful Paint per page. Runs on Node (Lighthouse's runtime):
//   node scripts/lighthouse.mjs [base-url]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = join(import.meta.dirname, "..");
const pages = ["/", "/playlists/mood", "/plans", "/faq"];
const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function startCrate() {
  const dir = mkdtempSync(join(tmpdir(), "crate-lighthouse-"));
  // the token key must live outside the database's folder
  mkdirSync(join(dir, "data"));
  const port = 3000 + Math.floor(Math.random() * 20000);
  const binary = join(root, "dist", "crate");
  const command = existsSync(binary)
    ? [binary]
    : [join(root, "node_modules", ".bin", "bun"), join(root, "src/server/main.ts")];
  const child = spawn(command[0], command.slice(1), {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: join(dir, "data", "crate.db"),
      TOKEN_ENCRYPTION_KEY_FILE: join(dir, "crate.key"),
      JOBS: "off",
      LOG_LEVEL: "warn",
      // the binary serves the demo (with its emulators) only when asked to
      DEMO: "on",
    },
    stdio: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 600 && !up && child.exitCode === null; i++) {
    up = await fetch(`${url}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!up) {
    child.kill("SIGTERM");
    throw new Error("Crate did not start (its output is above)");
  }
  const what = existsSync(binary) ? "dist/crate" : "bun src/server/main.ts";
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, what, stop };
}

/** Waits until the server has compressed what the pages load (it does so once, in the background, after start). */
async function warmUp(url) {
  for (const path of pages) {
    const html = await (await fetch(`${url}${path}`, { headers: { "accept-encoding": "br" } })).text();
    for (const [, src] of html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)) {
      await (await fetch(`${url}${src}`, { headers: { "accept-encoding": "br" } })).arrayBuffer();
    }
  }
}

const given = process.argv[2];
const crate = given ? { url: given.replace(/\/$/, ""), what: given, stop: () => {} } : await startCrate();
await warmUp(crate.url);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: chromiumFlags,
});
const rows = [];
try {
  for (const path of pages) {
    const result = await lighthouse(`${crate.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    rows.push({
      path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(audit("largest-contentful-paint")),
      cls: Number(audit("cumulative-layout-shift").toFixed(3)),
      tbtMs: Math.round(audit("total-blocking-time")),
      // what cost points outside performance, so a score below 100 says why
      failed: ["accessibility", "best-practices", "seo"].flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter(
            (ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1,
          )
          .map((ref) => ref.id),
      ),
      scriptKB: Math.round(
        (lhr.audits["resource-summary"]?.details?.items ?? []).find((i) => i.resourceType === "script")
          ?.transferSize / 1024,
      ),
    });
  }
} finally {
  await chrome.kill();
  crate.stop();
}
console.log(`Lighthouse ${lighthouse.version ?? "12"} (mobile, simulated throttling) against ${crate.what}`);
console.log("page                 perf  a11y  best   seo   LCP ms    CLS  TBT ms  script KB");
for (const r of rows) {
  console.log(
    `${r.path.padEnd(20)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(4)}  ${String(r.lcpMs).padStart(7)}  ${String(r.cls).padStart(5)}  ${String(r.tbtMs).padStart(6)}  ${String(r.scriptKB).padStart(9)}` +
      (r.failed.length > 0 ? `   failed: ${r.failed.join(", ")}` : ""),
  );
}
