// `crate doctor` as an operator runs it (`bun src/server/main.ts doctor`): against the demo's emulators every
// check passes; a wrong redirect URI, a wrong Paddle key, an unreachable MusicBrainz, a webhook secret or key that
// does not match each give their ✗ line and exit code 1. No secret is ever printed.

import { afterAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { demoCredentials } from "../../../src/shared/demo-credentials.ts";
import { freePort, startTestServer, tempDir } from "../../support/server.ts";
import { signIn } from "../auth/flow.ts";
import { spotifyAppOfCrateExample } from "./real-mode.ts";

const root = join(import.meta.dir, "../../..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function doctor(env: Record<string, string>) {
  const dir = tempDir("crate-doctor-");
  dirs.push(dir);
  const child = Bun.spawn([process.execPath, join(root, "src/server/main.ts"), "doctor"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      DATABASE_PATH: join(dir, "data", "crate.db"),
      TOKEN_ENCRYPTION_KEY_FILE: join(dir, "crate.key"),
      BACKUP_DIR: join(dir, "backups"),
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const lines = out.split("\n").filter((l) => /^[✓✗–] /.test(l));
  return { out: out + err, code, lines, failed: lines.filter((l) => l.startsWith("✗")) };
}

const secrets = [
  demoCredentials.spotifyClientSecret,
  demoCredentials.paddleApiKey,
  demoCredentials.paddleWebhookSecret,
];

test("against the demo's emulators every check passes, one ✓ line each, exit code 0", async () => {
  const run = await doctor({});
  expect(run.code).toBe(0);
  expect(run.failed).toEqual([]);
  expect(run.lines.every((l) => l.startsWith("✓"))).toBe(true);
  for (const check of [
    "Spotify app credentials",
    "Spotify redirect URI",
    "Paddle API key",
    "Paddle price",
    "Paddle client token",
    "Paddle webhook destination",
    "Metadata source musicbrainz",
    "Database",
    "Free disk",
    "Token key",
    "Backup folder",
    "Clock",
  ])
    expect(run.lines.some((l) => l.startsWith(`✓ ${check}:`))).toBe(true);
  expect(run.out).toContain("http://127.0.0.1:3000/api/authorize/callback");
  for (const secret of secrets) expect(run.out).not.toContain(secret);
});

test("a wrong Paddle key is the Paddle API key's ✗ and exit code 1, the key not printed", async () => {
  const run = await doctor({ PADDLE_API_KEY: "pdl_sdbx_apikey_not_this_one" });
  expect(run.code).toBe(1);
  expect(run.failed).toHaveLength(1);
  expect(run.failed[0]).toStartWith("✗ Paddle API key:");
  expect(run.failed[0]).toContain("refused PADDLE_API_KEY");
  expect(run.out).not.toContain("pdl_sdbx_apikey_not_this_one");
});

test("every metadata source's ✓ is a 200: a MusicBrainz path that answers 404 is its ✗", async () => {
  const passed = await doctor({});
  for (const source of ["reccobeats", "musicbrainz", "deezer"])
    expect(passed.lines.find((l) => l.startsWith(`✓ Metadata source ${source}:`))).toContain("HTTP 200");
  const run = await doctor({ MUSICBRAINZ_URL: "http://127.0.0.1:3000/emulator/musicbrainz/ws/3" });
  expect(run.code).toBe(1);
  expect(run.failed).toEqual(["✗ Metadata source musicbrainz: answered HTTP 404: check MUSICBRAINZ_URL"]);
});

test("an unreachable MusicBrainz is its own ✗ and exit code 1", async () => {
  const run = await doctor({ MUSICBRAINZ_URL: `http://127.0.0.1:${freePort()}/ws/2` });
  expect(run.code).toBe(1);
  expect(run.failed).toHaveLength(1);
  expect(run.failed[0]).toStartWith("✗ Metadata source musicbrainz:");
  expect(run.failed[0]).toContain("not reachable");
});

test("a webhook secret that is not the destination's, and a live client token in the sandbox, are ✗", async () => {
  const run = await doctor({ PADDLE_WEBHOOK_SECRET: "pdl_ntfset_other", PADDLE_CLIENT_TOKEN: "live_abc" });
  expect(run.code).toBe(1);
  expect(run.failed.map((l) => l.split(":")[0])).toEqual([
    "✗ Paddle client token",
    "✗ Paddle webhook destination",
  ]);
  expect(run.out).not.toContain("pdl_ntfset_other");
});

test("a BACKUP_KEEP beyond the privacy policy's 7 days of backups is the backup folder's ✗", async () => {
  const run = await doctor({ BACKUP_KEEP: "30" });
  expect(run.code).toBe(1);
  expect(run.failed).toHaveLength(1);
  expect(run.failed[0]).toStartWith("✗ Backup folder:");
  expect(run.failed[0]).toContain("BACKUP_KEEP=30");
  expect(run.failed[0]).toContain("7 days");
  expect((await doctor({ BACKUP_KEEP: "7" })).failed).toEqual([]);
}, 60_000);

test("localhost in PUBLIC_URL breaks Spotify's loopback rule", async () => {
  const run = await doctor({ PUBLIC_URL: "http://localhost:3000" });
  expect(run.code).toBe(1);
  expect(run.failed).toEqual([
    '✗ Spotify redirect URI: http://localhost:3000/api/authorize/callback: Spotify does not accept "localhost" in a redirect URI: set PUBLIC_URL=http://127.0.0.1:3000',
  ]);
});

test("real mode: a redirect URI the Spotify app has not registered, and a wrong client secret", async () => {
  const { spotify, env } = spotifyAppOfCrateExample();
  try {
    const registered = await doctor({ ...env, PUBLIC_URL: "https://crate.example.org" });
    expect(registered.failed).toEqual([]);
    expect(registered.code).toBe(0);
    expect(registered.lines.some((l) => l.startsWith("✓ Spotify redirect URI:"))).toBe(true);

    const moved = await doctor({ ...env, PUBLIC_URL: "https://music.example.org" });
    expect(moved.code).toBe(1);
    expect(moved.failed).toHaveLength(1);
    expect(moved.failed[0]).toContain(
      "✗ Spotify redirect URI: https://music.example.org/api/authorize/callback is not registered",
    );

    const wrongSecret = await doctor({
      ...env,
      PUBLIC_URL: "https://crate.example.org",
      SPOTIFY_CLIENT_SECRET: "not-my-secret",
    });
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.failed[0]).toStartWith("✗ Spotify app credentials:");
    expect(wrongSecret.out).not.toContain("not-my-secret");
  } finally {
    await spotify.stop();
  }
});

test("the token key: ✓ when it decrypts the stored Spotify tokens, ✗ when the database was written with another", async () => {
  const key = randomBytes(32).toString("base64");
  const crate = await startTestServer({ TOKEN_ENCRYPTION_KEY: key });
  const databasePath = join(crate.dir, "crate.db");
  try {
    await signIn(crate.url, "crate-free");
  } finally {
    await crate.stop();
  }
  try {
    const same = await doctor({ DATABASE_PATH: databasePath, TOKEN_ENCRYPTION_KEY: key });
    expect(same.lines.find((l) => l.includes("Token key:"))).toBe(
      "✓ Token key: TOKEN_ENCRYPTION_KEY decrypts the stored Spotify tokens",
    );
    expect(same.lines.find((l) => l.startsWith("✓ Database schema:"))).toBeDefined();
    const other = await doctor({
      DATABASE_PATH: databasePath,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    });
    expect(other.code).toBe(1);
    expect(other.failed).toEqual([
      "✗ Token key: TOKEN_ENCRYPTION_KEY does not decrypt the stored Spotify tokens: set the key they were written with",
    ]);
    expect(other.out).not.toContain(key);
  } finally {
    rmSync(crate.dir, { recursive: true, force: true });
  }
}, 60_000);

test("a configuration the server would refuse is the doctor's first ✗, its secret not echoed", async () => {
  const run = await doctor({ METRICS_TOKEN: "short-secret" });
  expect(run.code).toBe(1);
  expect(run.out.trim()).toBe(
    "✗ Configuration: Invalid configuration: METRICS_TOKEN must be at least 16 characters",
  );
});
