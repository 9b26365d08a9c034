// Each test process makes its temp folders under one folder named after it, `crate-tests-<pid>`, so a later run
// can remove what a process left behind, whatever the folders in it are called: bun test runs no exit handler,
// and a process killed mid-run runs none either.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The folder of the test process with this pid. */
const OWNED = /^crate-tests-(\d+)$/;
/** Younger folders are left alone even when their process is gone (its pid may not be visible here). */
const MIN_AGE_MS = 60_000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Removes the folders in `root` of test processes that are no longer running; answers how many it removed. */
export function sweepLeftovers(root: string): number {
  let removed = 0;
  for (const name of readdirSync(root)) {
    const pid = Number(OWNED.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    const path = join(root, name);
    try {
      if (Date.now() - statSync(path).mtimeMs < MIN_AGE_MS) continue;
      rmSync(path, { recursive: true, force: true });
      removed += 1;
    } catch {
      // another process removed it first
    }
  }
  return removed;
}

let processFolder: string | undefined;

/** A new temp folder for this test process (removed by its owner, or by a later run once the process is gone). */
export function processTempDir(prefix: string): string {
  if (!processFolder) {
    sweepLeftovers(tmpdir());
    processFolder = join(tmpdir(), `crate-tests-${process.pid}`);
    mkdirSync(processFolder, { recursive: true });
  }
  return mkdtempSync(join(processFolder, prefix));
}
