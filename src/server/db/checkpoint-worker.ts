// The write-ahead log's checkpoints, on a thread of their own (db/checkpoints.ts starts it). It opens its own
// connection to the database file and copies what the app's connection committed into the file, PASSIVE (never
// waiting for a reader or blocking a writer), every `intervalMs`, until it is told to stop; then it closes its
// connection and says so, so the app's connection is the last and its close checkpoints and removes the log.
import { Database } from "bun:sqlite";

declare const self: Worker;

export interface CheckpointWorkerStart {
  path: string;
  intervalMs: number;
  /** [0]: 1 once the app asks it to stop; [1]: 1 once its connection is closed */
  signals: SharedArrayBuffer;
}

self.onmessage = (event: MessageEvent<CheckpointWorkerStart>) => {
  const { path, intervalMs, signals } = event.data;
  const flags = new Int32Array(signals);
  const db = new Database(path);
  db.exec("PRAGMA busy_timeout = 5000");
  const checkpoint = db.query("PRAGMA wal_checkpoint(PASSIVE)");
  const timer = setInterval(() => {
    if (Atomics.load(flags, 0) === 1) {
      clearInterval(timer);
      checkpoint.finalize();
      db.close();
      Atomics.store(flags, 1, 1);
      Atomics.notify(flags, 1);
      return;
    }
    checkpoint.get();
  }, intervalMs);
};
