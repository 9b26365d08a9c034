// The write-ahead log's checkpoints, on a thread of their own (db/checkpoints.ts starts it). It opens its own
// connection to the database file and copies what the app's connection committed into the file, PASSIVE (never
// waiting for a reader or blocking a writer), every `intervalMs`, until it is told to stop; then it closes its
// connection and says so, so the app's connection is the last and its close checkpoints and removes the log.
// A log that has grown past `restartBytes` once copied is handed to the app's connection to start over (it is the
// one writer: a RESTART here would hold the write lock, and the app's transaction that reads and then writes would
// fail at once with "database is locked"); the worker copies nothing until that is done.
import { Database } from "bun:sqlite";
import { CheckpointFlag, type CheckpointWorkerStart } from "./checkpoints.ts";

declare const self: Worker;

self.onmessage = (event: MessageEvent<CheckpointWorkerStart>) => {
  const { path, intervalMs, restartBytes, signals } = event.data;
  const flags = new Int32Array(signals);
  const db = new Database(path);
  db.exec("PRAGMA busy_timeout = 5000");
  const checkpoint = db.query("PRAGMA wal_checkpoint(PASSIVE)");
  // a frame of the log: a page and its 24-byte header
  const frameBytes = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size + 24;
  const timer = setInterval(() => {
    if (Atomics.load(flags, CheckpointFlag.stop) === 1) {
      clearInterval(timer);
      checkpoint.finalize();
      db.close();
      Atomics.store(flags, CheckpointFlag.closed, 1);
      Atomics.notify(flags, CheckpointFlag.closed);
      return;
    }
    if (Atomics.load(flags, CheckpointFlag.restartWanted) === 1) return;
    const { log } = checkpoint.get() as { log: number };
    if (log * frameBytes >= restartBytes) {
      Atomics.store(flags, CheckpointFlag.restartWanted, 1);
      self.postMessage("restart");
    }
  }, intervalMs);
};
