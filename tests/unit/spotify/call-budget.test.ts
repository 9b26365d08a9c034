// SPOTIFY_DAILY_CALLS as one rule: background work waits at four fifths of the rolling 24 hours, a listener's own
// work at the whole budget, a sign-in never; waiting work goes on once the oldest counted hour leaves the window.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { type OpenedDatabase, openDatabase } from "../../../src/server/db/client.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { budgetLimit, CallBudget } from "../../../src/server/spotify/call-budget.ts";
import { SpotifyCallLedger } from "../../../src/server/spotify/call-ledger.ts";
import { tempDir } from "../../support/server.ts";

const HOUR_MS = 3_600_000;
const START = Date.UTC(2026, 0, 15, 12, 30);
const opened: OpenedDatabase[] = [];
const folders: string[] = [];
afterAll(() => {
  for (const database of opened) database.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function ledgerAt(clock: ReturnType<typeof manualClock>): SpotifyCallLedger {
  const folder = tempDir("call-budget");
  folders.push(folder);
  const database = openDatabase(join(folder, "crate.db"));
  opened.push(database);
  return new SpotifyCallLedger(database.db, () => clock.now(), 0);
}

const settledWithin = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), Bun.sleep(ms).then(() => false)]);

describe("budgetLimit", () => {
  test("four fifths for background work, the whole for a listener's own, none for a sign-in or without a budget", () => {
    for (const kind of ["hourly", "reminder", "followUp", "random"] as const)
      expect(budgetLimit(1000, kind)).toBe(800);
    for (const kind of ["distribution", "analysis", "other"] as const)
      expect(budgetLimit(1000, kind)).toBe(1000);
    expect(budgetLimit(1000, "signIn")).toBeNull();
    expect(budgetLimit(null, "hourly")).toBeNull();
  });
});

describe("SpotifyCallLedger", () => {
  test("counts the unwritten calls with the written ones and knows the hour the window has room again", () => {
    const clock = manualClock(START);
    const ledger = ledgerAt(clock);
    for (let i = 0; i < 5; i++) ledger.record("hourly", "a");
    ledger.flush();
    clock.advance(2 * HOUR_MS);
    for (let i = 0; i < 3; i++) ledger.record("distribution", "b");
    expect(ledger.totalLast24h()).toBe(8);
    const firstHour = Math.floor(START / HOUR_MS) * HOUR_MS;
    expect(ledger.fewerThanAt(9)).toBe(clock.now());
    // below 8: the first hour's 5 calls must leave, 24 hours after that hour began
    expect(ledger.fewerThanAt(8)).toBe(firstHour + 24 * HOUR_MS);
    expect(ledger.fewerThanAt(3)).toBe(firstHour + 26 * HOUR_MS);
    clock.set(firstHour + 24 * HOUR_MS);
    expect(ledger.totalLast24h()).toBe(3);
  });
});

describe("CallBudget", () => {
  test("holds background work at four fifths and the listener's own at the whole, until the window has room", async () => {
    const clock = manualClock(START);
    const ledger = ledgerAt(clock);
    const budget = new CallBudget(10, ledger, 20);
    for (let i = 0; i < 8; i++) ledger.record("distribution", "a");
    expect(budget.allows("hourly")).toBe(false);
    expect(budget.allows("distribution")).toBe(true);
    const background = budget.pass("reminder");
    expect(await settledWithin(background, 80)).toBe(false);
    const firstHour = Math.floor(START / HOUR_MS) * HOUR_MS;
    expect(budget.state().held).toEqual({
      background: { since: START, resumesAt: firstHour + 24 * HOUR_MS },
      listener: null,
    });
    // The listener's own work still goes, until the whole budget is used.
    expect(await settledWithin(budget.pass("distribution"), 50)).toBe(true);
    ledger.record("distribution", "a");
    ledger.record("distribution", "a");
    const own = budget.pass("analysis");
    expect(await settledWithin(own, 80)).toBe(false);
    expect(budget.state().held.listener).not.toBeNull();
    expect(await settledWithin(budget.pass("signIn"), 50)).toBe(true);

    clock.set(firstHour + 24 * HOUR_MS);
    expect(await settledWithin(Promise.all([background, own]), 500)).toBe(true);
    expect(budget.state().held).toEqual({ background: null, listener: null });
    budget.stop();
  });

  test("without a budget nothing waits", async () => {
    const clock = manualClock(START);
    const ledger = ledgerAt(clock);
    for (let i = 0; i < 100; i++) ledger.record("hourly", "a");
    const budget = new CallBudget(null, ledger);
    expect(budget.allows("hourly")).toBe(true);
    expect(await settledWithin(budget.pass("hourly"), 50)).toBe(true);
  });
});
