// Checkpoints of the write-ahead log beside the event loop (ADR 0050). A checkpoint copies the committed pages into
// the database file and syncs it: tens of milliseconds every second or two while the hourly job writes, which
// every request waited for when the app's own connection ran them after a commit. Commits stay as durable as
// before (each still syncs the log); only the copying moves to a worker thread with a connection of its own.
import type { Database } from "bun:sqlite";
import type { CheckpointWorkerStart } from "./checkpoint-worker.ts";

/** How often the worker checkpoints what was committed since. */
const INTERVAL_MS = 250;
/** SQLite's own default, put back if the worker fails: then the app's connection checkpoints again. */
const AUTOCHECKPOINT_PAGES = 1000;

/** The worker's entry: embedded in the binary (an entry point of its build), else the source file. */
const workerUrl = () =>
  typeof CRATE_CHECKPOINT_WORKER === "string"
    ? CRATE_CHECKPOINT_WORKER
    : new URL("./checkpoint-worker.ts", import.meta.url).href;

export interface Checkpoints {
  /** Stops the worker once its connection is closed (at most a few seconds; before the app's connection closes). */
  stop(): void;
}

/** Starts checkpointing `path`'s log in a worker and stops the app's connection `sqlite` from doing it itself. */
export function checkpointInBackground(sqlite: Database, path: string): Checkpoints {
  const signals = new SharedArrayBuffer(8);
  const flags = new Int32Array(signals);
  const worker = new Worker(workerUrl());
  worker.onerror = () => {
    // without its worker the app checkpoints as SQLite does by default, on its own thread
    sqlite.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    Atomics.store(flags, 1, 1);
  };
  (worker as Worker & { unref?: () => void }).unref?.();
  sqlite.exec("PRAGMA wal_autocheckpoint = 0");
  worker.postMessage({ path, intervalMs: INTERVAL_MS, signals } satisfies CheckpointWorkerStart);
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      Atomics.store(flags, 0, 1);
      // the worker closes its connection at its next tick; the app's connection then closes last
      Atomics.wait(flags, 1, 0, 5_000);
      worker.terminate();
    },
  };
}
