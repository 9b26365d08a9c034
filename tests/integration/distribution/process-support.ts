// Crate as a child process (real mode) against a Spotify emulator in this process, one premium listener signed in:
// the prologue of the suites that kill the server or cut its power mid-run, and the calls they make over HTTP.
import { expect } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { CatalogueSize } from "../../../src/emulators/spotify/model/catalogue.ts";
import {
  type SpotifyEmulatorServer,
  startSpotifyEmulatorServer,
} from "../../../src/emulators/spotify/server.ts";
import { type CrateProcess, crateProcess } from "../../support/crate-process.ts";
import { makeEveryonePremiumIn } from "../../support/factories.ts";
import { tempDir } from "../../support/server.ts";
import { setUpForSuite } from "../../support/suite.ts";
import { credentials, realModeEnv, signInAt } from "./support.ts";

export interface ProcessWorld {
  spotify: SpotifyEmulatorServer;
  /** the suite's temp folder; the first process's database is in `crateDir` below it */
  dir: string;
  /** a test may replace it (a restart on another database); the one here at the end is killed */
  crate: CrateProcess;
  /** Crate's settings for the process: real mode against the emulator, plus the suite's own */
  env: Record<string, string>;
  /** the listener's session */
  cookie: string;
}

export function setUpProcessWorld(options: {
  listenerId: string;
  likes: number;
  catalogueSize: CatalogueSize;
  env?: Record<string, string>;
  /** the first process's folder below the temp folder (the temp folder itself by default) */
  crateDir?: string;
}): ProcessWorld {
  return setUpForSuite(
    async () => {
      const spotify = startSpotifyEmulatorServer({
        port: 0,
        ...credentials,
        catalogueSize: options.catalogueSize,
      });
      spotify.control.createListener({ id: options.listenerId, likes: options.likes });
      const dir = tempDir();
      const env = { ...realModeEnv(spotify), ...options.env };
      const crateDir = join(dir, options.crateDir ?? "");
      mkdirSync(crateDir, { recursive: true });
      const crate = crateProcess({ dir: crateDir, env });
      await crate.start();
      const cookie = await signInAt(crate.url, options.listenerId);
      makeEveryonePremiumIn(crate.databasePath);
      return { spotify, dir, crate, env, cookie };
    },
    async (w) => {
      await w.crate.kill();
      await w.spotify.stop();
      rmSync(w.dir, { recursive: true, force: true });
    },
  );
}

/** Starts a distribution of the selection; answers its progress id. */
export async function distributeIn(w: ProcessWorld, selection: string[]): Promise<string> {
  const res = await fetch(`${w.crate.url}/api/distributor/distribute-historically`, {
    method: "POST",
    headers: { cookie: w.cookie, origin: w.crate.url, "content-type": "application/json" },
    body: JSON.stringify({ playlistPreferences: selection }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { distributionProgressId: string }).distributionProgressId;
}

export interface Progress {
  finished: boolean;
  progress: { distributionType: string; totalWork: number; completedWork: number }[];
}

export async function progressOf(w: ProcessWorld, id: string): Promise<Progress> {
  const res = await fetch(`${w.crate.url}/api/distributor/${id}/progress`, { headers: { cookie: w.cookie } });
  if (res.status !== 200) throw new Error(`progress answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Progress;
}

/** Polls the progress until the run is finished or the time is up; answers the last progress. */
export async function progressWhenFinished(
  w: ProcessWorld,
  id: string,
  timeoutMs: number,
): Promise<Progress> {
  const end = Date.now() + timeoutMs;
  let final = await progressOf(w, id);
  while (!final.finished && Date.now() < end) {
    await Bun.sleep(25);
    final = await progressOf(w, id);
  }
  return final;
}
