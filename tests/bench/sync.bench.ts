// The cost of `synchronous = FULL` over NORMAL in WAL mode: small commits like the journal's (a step marked
// sent, then done with its rows), on a temporary file. `bun tests/bench/sync.bench.ts [commits]`
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function commitsPerSecond(mode: "FULL" | "NORMAL", commits: number): number {
  const dir = mkdtempSync(join(tmpdir(), "crate-sync-"));
  try {
    const db = new Database(join(dir, "bench.db"), { create: true });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(`PRAGMA synchronous = ${mode}`);
    db.exec("CREATE TABLE steps (id INTEGER PRIMARY KEY, status TEXT, result TEXT)");
    db.exec("CREATE TABLE songs (playlist TEXT, track TEXT, PRIMARY KEY (playlist, track))");
    const insert = db.query("INSERT INTO steps (status) VALUES ('sent')");
    const done = db.query("UPDATE steps SET status = 'done', result = ? WHERE id = ?");
    const song = db.query("INSERT OR IGNORE INTO songs VALUES (?, ?)");
    const start = performance.now();
    for (let i = 0; i < commits / 2; i++) {
      const id = Number(insert.run().lastInsertRowid);
      db.transaction(() => {
        done.run("snapshot", id);
        for (let s = 0; s < 100; s++) song.run(`p${i % 100}`, `t${i}-${s}`);
      })();
    }
    const seconds = (performance.now() - start) / 1000;
    db.close();
    return commits / seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const commits = Number(process.argv[2] ?? 2_000);
  for (const mode of ["NORMAL", "FULL", "NORMAL", "FULL"] as const)
    console.log(
      `${mode.padEnd(6)} ${commitsPerSecond(mode, commits).toFixed(0)} commits/s (${commits} commits)`,
    );
}
