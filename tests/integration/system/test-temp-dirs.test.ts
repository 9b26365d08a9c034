import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processTempDir, sweepLeftovers } from "../../support/temp-dirs.ts";

// Test processes leave temp folders behind (bun test runs no exit handler; a killed process runs nothing): a later
// run removes those of processes that are gone, and never a running process's.
describe("test temp folders", () => {
  const root = mkdtempSync(join(tmpdir(), "temp-dirs-check-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const folder = (name: string, ageMs: number) => {
    const path = join(root, name);
    mkdirSync(path);
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path, at, at);
    return path;
  };

  test("a gone process's old folders are removed; a running one's, a young one and others' stay", async () => {
    const gone = Bun.spawn(["true"]);
    await gone.exited;
    const hour = 3_600_000;
    const goneTest = folder(`crate-test-${gone.pid}-aB3dE9`, hour);
    const goneTemplate = folder(`crate-template-${gone.pid}-Zz0Zz0`, hour);
    const running = folder(`crate-test-${process.pid}-Qq1Qq1`, hour);
    const young = folder(`crate-test-${gone.pid}-Yy2Yy2`, 0);
    const other = folder("something-else-123-abcdef", hour);

    expect(sweepLeftovers(root)).toBe(2);
    expect([goneTest, goneTemplate].map(existsSync)).toEqual([false, false]);
    expect([running, young, other].map(existsSync)).toEqual([true, true, true]);
  });

  test("a new folder carries its process's id", () => {
    const dir = processTempDir("crate-test-");
    expect(dir).toContain(`crate-test-${process.pid}-`);
    rmSync(dir, { recursive: true, force: true });
  });
});
