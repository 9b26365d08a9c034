// What the operator reads after "Crate is listening": the demo says how to sign in; real mode names the redirect
// URI and the webhook address to register and logs the doctor's verdict as warnings, serving all the same.

import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort, tempDir } from "../../support/server.ts";
import { spotifyAppOfCrateExample } from "./real-mode.ts";

const root = join(import.meta.dir, "../../..");
const started: { child: Subprocess; dir: string }[] = [];
afterAll(async () => {
  for (const { child, dir } of started) {
    child.kill("SIGKILL");
    await child.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

interface LogLine {
  level: string;
  msg: string;
}

/** Starts Crate from source and collects its log lines (stdout and stderr) until `until` holds or 30 s pass. */
async function startAndRead(env: Record<string, string>, until: (lines: LogLine[]) => boolean) {
  const dir = tempDir("crate-guide-");
  const port = env.PORT ? Number(env.PORT) : freePort();
  const child = Bun.spawn([process.execPath, join(root, "src/server/main.ts")], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      PORT: String(port),
      DATABASE_PATH: join(dir, "data", "crate.db"),
      TOKEN_ENCRYPTION_KEY_FILE: join(dir, "crate.key"),
      JOBS: "off",
      LOG_LEVEL: "info",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  started.push({ child, dir });
  const lines: LogLine[] = [];
  const read = async (stream: ReadableStream<Uint8Array>) => {
    let rest = "";
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      rest += new TextDecoder().decode(value);
      const parts = rest.split("\n");
      rest = parts.pop() ?? "";
      for (const part of parts) if (part.startsWith("{")) lines.push(JSON.parse(part) as LogLine);
    }
  };
  void read(child.stdout);
  void read(child.stderr);
  const deadline = Date.now() + 30_000;
  while (!until(lines) && Date.now() < deadline) await Bun.sleep(100);
  return { lines, url: `http://127.0.0.1:${port}`, port };
}

test("the demo says where to sign in, as which listener, and which card pays", async () => {
  const { lines, port } = await startAndRead({}, (l) => l.some((x) => x.msg.startsWith("Demo premium")));
  const messages = lines.map((l) => l.msg);
  const listening = messages.indexOf("Crate is listening");
  expect(listening).toBeGreaterThanOrEqual(0);
  const after = messages.slice(listening + 1);
  expect(after[0]).toBe(
    `Demo: open http://127.0.0.1:${port} and sign in with Spotify (emulated): no account needed`,
  );
  expect(after.filter((m) => m.startsWith("Demo listener ")).map((m) => m.split(":")[0])).toEqual([
    "Demo listener crate-free",
    "Demo listener crate-premium",
    "Demo listener crate-admin",
    "Demo listener crate-ending",
    "Demo listener crate-curator",
  ]);
  expect(after.some((m) => m.includes("4242 4242 4242 4242"))).toBe(true);
}, 60_000);

test("real mode names the addresses to register, then warns about each failed check and keeps serving", async () => {
  const { spotify, env } = spotifyAppOfCrateExample();
  try {
    const verdict = (l: LogLine[]) => l.some((x) => x.msg.startsWith("crate doctor"));
    const port = freePort();
    // PUBLIC_URL on loopback is not what the app registered: one ✗, logged as a warning
    const wrong = await startAndRead(
      { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      verdict,
    );
    const messages = wrong.lines.map((l) => l.msg);
    expect(messages).toContain(
      `Spotify: the app's Redirect URIs must include http://127.0.0.1:${port}/api/authorize/callback`,
    );
    expect(messages).toContain("Paddle: PREMIUM=off, nothing is sold");
    const warnings = wrong.lines.filter((l) => l.level === "warn").map((l) => l.msg);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toStartWith("crate doctor: ✗ Spotify redirect URI:");
    expect(await fetch(`${wrong.url}/api/health`).then((r) => r.json())).toEqual({ status: "ok" });

    // the address the app registered: every check passes, said once
    const right = await startAndRead({ ...env, PUBLIC_URL: "https://crate.example.org" }, verdict);
    expect(right.lines.filter((l) => l.level === "warn")).toEqual([]);
    expect(right.lines.map((l) => l.msg).filter((m) => m.startsWith("crate doctor"))).toEqual([
      expect.stringMatching(/^crate doctor: all \d+ checks passed$/),
    ]);
  } finally {
    await spotify.stop();
  }
}, 60_000);
