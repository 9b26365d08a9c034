import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processTempDir, sweepLeftovers } from "../../support/temp-dirs.ts";

// Test processes leave temp folders behind (bun test runs no exit handler; a killed process runs nothing): a later
// run removes the folder of each process that is gone, and never a running process's.
describe("test temp folders", () => {
  const root = mkdtempSync(join(tmpdir(), "temp-dirs-check-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const folder = (name: string, ageMs: number, inside?: string) => {
    const path = join(root, name);
    mkdirSync(path);
    if (inside) mkdirSync(join(path, inside));
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path, at, at);
    return path;
  };

  test("a gone process's old folder is removed, whatever is in it; a running one's, a young one and others' stay", async () => {
    const gone = [Bun.spawn(["true"]), Bun.spawn(["true"])];
    await Promise.all(gone.map((child) => child.exited));
    const hour = 3_600_000;
    const goneFolders = gone.map((child) =>
      folder(`crate-tests-${child.pid}`, hour, "any-name-at-all-Xx9Xx9"),
    );
    const running = folder(`crate-tests-${process.pid}`, hour);
    const young = folder(`crate-tests-${(gone[0]?.pid ?? 0) + 100_000}`, 0);
    const others = [folder("crate-test-123-abcdef", hour), folder("something-else", hour)];

    expect(sweepLeftovers(root)).toBe(2);
    expect(goneFolders.map(existsSync)).toEqual([false, false]);
    expect([running, young, ...others].map(existsSync)).toEqual([true, true, true, true]);
  });

  test("a new folder is made in its process's own folder", () => {
    const dir = processTempDir("crate-test-");
    expect(dir).toStartWith(join(tmpdir(), `crate-tests-${process.pid}`, "crate-test-"));
    rmSync(dir, { recursive: true, force: true });
  });
});
