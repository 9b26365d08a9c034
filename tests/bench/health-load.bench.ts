// Health under costly work: /api/health probed every 5 ms while twenty personal-data downloads of a 10,000-song
// premium listener (twenty tabs at once), an analysis and a scheduled backup run. Target: p99 under 100 ms.
// `bun tests/bench/health-load.bench.ts` runs it alone; `bun run bench` runs it with the others.
import { rmSync } from "node:fs";
import * as t from "../../src/server/db/schema/index.ts";
import { runScheduledBackup } from "../../src/server/system/scheduled-backup.ts";
import { apiClient, seedEverything, seedUser } from "../integration/account/seed.ts";
import { startTestServer, type TestServer, tempDir } from "../support/server.ts";
import { fixed, quantile } from "./support/table.ts";

const SONGS = 10_000;

function seedLibrary(server: TestServer, userId: string): void {
  const db = server.deps.db;
  const now = server.deps.clock.now();
  db.$client.transaction(() => {
    for (let i = 0; i < SONGS; i++) {
      const id = `load-track-${i}`;
      db.insert(t.tracks)
        .values({ id, name: `Song ${i}`, artistIds: [`load-artist-${i % 500}`], fetchedAt: now })
        .onConflictDoNothing()
        .run();
      db.insert(t.likes)
        .values({ userId, trackId: id, likedAt: now - i * 60_000 })
        .run();
    }
  })();
  db.$client.query("UPDATE users SET membership_level = 'PremiumYearly' WHERE id = ?").run(userId);
}

export async function report(): Promise<string> {
  const backupDir = tempDir("crate-health-backups-");
  const server = await startTestServer({ BACKUP_DIR: backupDir });
  try {
    const user = seedUser(server.deps);
    seedEverything(server.deps, user.userId, "health");
    seedLibrary(server, user.userId);
    const api = apiClient(server.url, user.cookie);
    const latencies: number[] = [];
    let busy = true;
    const probe = (async () => {
      while (busy) {
        const started = performance.now();
        await (await fetch(`${server.url}/api/health`)).arrayBuffer();
        latencies.push(performance.now() - started);
        await Bun.sleep(5);
      }
    })();
    const started = performance.now();
    const exports = Promise.all(Array.from({ length: 20 }, () => api("GET", "/api/user/personal-data")));
    const analysis = api("POST", "/api/distributor/analysis");
    await Bun.sleep(20);
    const backup = runScheduledBackup(server.deps);
    const statuses = (await exports).map((a) => a.status);
    await analysis;
    await server.deps.work.idle(user.userId);
    const workMs = performance.now() - started;
    busy = false;
    await probe;
    const p99 = quantile(latencies, 0.99);
    const lines = [
      `Health under costly work (${SONGS} songs, premium): ${latencies.length} probes over ${fixed(workMs)} ms; ` +
        `p50 ${fixed(quantile(latencies, 0.5), 1)} ms, p99 ${fixed(p99, 1)} ms, max ${fixed(Math.max(...latencies), 1)} ms; ` +
        `downloads answered ${statuses.filter((s) => s === 200).length}, refused (code 66) ` +
        `${statuses.filter((s) => s === 429).length}; backup ${backup.ok ? "written and checked" : "failed"}.`,
    ];
    if (!(p99 < 100) || !backup.ok) lines.push(`MISSED: health p99 ${fixed(p99, 1)} ms (target < 100 ms)`);
    return lines.join("\n");
  } finally {
    await server.dispose();
    rmSync(backupDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await report());
