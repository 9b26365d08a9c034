// Checkpoints of the write-ahead log beside the event loop (ADRs 0050, 0082). A checkpoint copies the committed pages into
// the database file and syncs it: tens of milliseconds every second or two while the hourly job writes, which
// every request waited for when the app's own connection ran them after a commit. Commits stay as durable as
// before (each still syncs the log); only the copying moves to a worker thread with a connection of its own.
import type { Database } from "bun:sqlite";

/** How often the worker checkpoints what was committed since. */
const INTERVAL_MS = 250;
/**
 * A log this large starts over once copied, however busy the hour: the disk it takes stays bounded, and the app's
 * thread pauses for the restart (6-8 ms measured) once per this much written.
 */
export const WAL_RESTART_BYTES = 64 * 1024 * 1024;
/** SQLite's own default, put back if the worker fails: then the app's connection checkpoints again. */
const AUTOCHECKPOINT_PAGES = 1000;

/** The worker's entry: embedded in the binary (an entry point of its build), else the source file. */
const workerUrl = () =>
  typeof CRATE_CHECKPOINT_WORKER === "string"
    ? CRATE_CHECKPOINT_WORKER
    : new URL("./checkpoint-worker.ts", import.meta.url).href;

/** The flags the worker and the app share, by index in an Int32Array over `signals`. */
export const CheckpointFlag = {
  /** 1 once the app asks the worker to stop */
  stop: 0,
  /** 1 once the worker's connection is closed */
  closed: 1,
  /** 1 while the log, copied, waits for the app's connection to start it over (the worker posts a message too) */
  restartWanted: 2,
} as const;

/** The worker's one message (checkpoint-worker.ts). */
export interface CheckpointWorkerStart {
  path: string;
  intervalMs: number;
  /** the log's size past which, once copied, it starts over */
  restartBytes: number;
  /** three Int32 flags (`CheckpointFlag`) */
  signals: SharedArrayBuffer;
}

export interface Checkpoints {
  /** Stops the worker once its connection is closed (at most a few seconds; before the app's connection closes). */
  stop(): void;
}

/** Starts checkpointing `path`'s log in a worker and stops the app's connection `sqlite` from doing it itself. */
export function checkpointInBackground(
  sqlite: Database,
  path: string,
  restartBytes = WAL_RESTART_BYTES,
): Checkpoints {
  const signals = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const flags = new Int32Array(signals);
  const worker = new Worker(workerUrl());
  let stopped = false;
  worker.onerror = () => {
    // without its worker the app checkpoints as SQLite does by default, on its own thread
    sqlite.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    Atomics.store(flags, CheckpointFlag.closed, 1);
  };
  worker.onmessage = () => {
    if (stopped) return;
    // The worker copied a log past its limit and waits. The app's connection, the one writer, copies what was
    // committed since and the next commit writes the log from its start. It never waits here: with a reader of
    // another connection (a backup, the CLI) in the log, the checkpoint only copies, and the worker asks again.
    const { timeout } = sqlite.query("PRAGMA busy_timeout").get() as { timeout: number };
    sqlite.exec("PRAGMA busy_timeout = 0");
    try {
      sqlite.query("PRAGMA wal_checkpoint(RESTART)").get();
    } catch {
      // a failed checkpoint loses nothing (every commit is in the log): the worker asks again at its next tick
    } finally {
      sqlite.exec(`PRAGMA busy_timeout = ${timeout}`);
      Atomics.store(flags, CheckpointFlag.restartWanted, 0);
    }
  };
  (worker as Worker & { unref?: () => void }).unref?.();
  sqlite.exec("PRAGMA wal_autocheckpoint = 0");
  worker.postMessage({
    path,
    intervalMs: INTERVAL_MS,
    restartBytes,
    signals,
  } satisfies CheckpointWorkerStart);
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      Atomics.store(flags, CheckpointFlag.stop, 1);
      // the worker closes its connection at its next tick; the app's connection then closes last
      Atomics.wait(flags, CheckpointFlag.closed, 0, 5_000);
      worker.terminate();
    },
  };
}
