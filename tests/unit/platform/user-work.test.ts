import { describe, expect, test } from "bun:test";
import { ListenerShare } from "../../../src/server/platform/listener-share.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import { UserWork, WorkDroppedError } from "../../../src/server/platform/user-work.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";

const log = createLogger("silent");

/** A piece of work that runs until released. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("the per-listener work queue", () => {
  test("waiting work is bounded: past the bound a request is refused with WorkQueueFull", async () => {
    const work = new UserWork(log, { maxWaiting: 2 });
    const hold = gate();
    const running = work.forUser("u1", () => hold.opened);
    const a = work.forUser("u1", async () => "a");
    const b = work.forUser("u1", async () => "b");
    const refused = work.forUser("u1", async () => "c");
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.WorkQueueFull });
    expect(() => work.assertRoom("u1")).toThrow();
    // Another listener is not affected, and the hourly job's turn is never refused.
    expect(await work.forUser("u2", async () => "other")).toBe("other");
    const batch = work.forUser("u1", async () => "batch", { unbounded: true });
    hold.open();
    expect(await Promise.all([running, a, b, batch])).toEqual([undefined, "a", "b", "batch"]);
    expect(work.isBusy("u1")).toBe(false);
  });

  test("requests with the same key join the waiting piece; a replacing one changes what it does", async () => {
    const work = new UserWork(log, { maxWaiting: 1 });
    const hold = gate();
    void work.forUser("u1", () => hold.opened);
    const ran: string[] = [];
    const reads = Array.from({ length: 20 }, (_, i) =>
      work.forUser(
        "u1",
        async () => {
          ran.push(i === 7 ? "full" : "delta");
        },
        i === 7 ? { key: "read", replaces: true, variant: "full" } : { key: "read" },
      ),
    );
    hold.open();
    await Promise.all(reads);
    expect(ran).toEqual(["full"]);
  });

  test("a request joins a running piece of the variant it asks for", async () => {
    const work = new UserWork(log);
    const hold = gate();
    let runs = 0;
    const full = () => {
      runs += 1;
      return hold.opened;
    };
    const first = work.forUser("u1", full, { key: "read", variant: "full", joinRunning: "full" });
    await Bun.sleep(1);
    const second = work.forUser("u1", full, { key: "read", variant: "full", joinRunning: "full" });
    hold.open();
    await Promise.all([first, second]);
    expect(runs).toBe(1);
  });

  test("shutdown drops waiting work and waits for the running piece", async () => {
    const work = new UserWork(log);
    const hold = gate();
    let finished = false;
    const running = work.forUser("u1", async () => {
      await hold.opened;
      finished = true;
    });
    const waiting = work.forUser("u1", async () => "never");
    const stopped = work.stop();
    await expect(waiting).rejects.toBeInstanceOf(WorkDroppedError);
    hold.open();
    await stopped;
    await running;
    expect(finished).toBe(true);
    await expect(work.forUser("u1", async () => 1)).rejects.toBeInstanceOf(WorkDroppedError);
  });
});

describe("one listener's share of the provider's pace", () => {
  test("a listener past their share of the last second's calls waits with the background work", () => {
    let now = 0;
    const share = new ListenerShare({ share: 0.25, floorPerSecond: 4, now: () => now });
    const flood = () => share.admit("interactive", "flooder");
    const granted = Array.from({ length: 10 }, flood);
    expect(granted.slice(0, 4)).toEqual(Array(4).fill("interactive"));
    expect(granted.slice(4)).toEqual(Array(6).fill("background"));
    // Another listener's own action is still served first; calls outside any listener are untouched.
    expect(share.admit("interactive", "other")).toBe("interactive");
    expect(share.admit("interactive", undefined)).toBe("interactive");
    // A second later the window has moved on.
    now += 1001;
    expect(flood()).toBe("interactive");
  });
});

describe("taking work back", () => {
  test("a waiting piece can be withdrawn; a running one cannot", async () => {
    const work = new UserWork(log);
    const hold = gate();
    const running = work.forUser("u1", () => hold.opened, { key: "own" });
    const turn = work.forUser("u1", async () => "turn", { key: "hourly", unbounded: true });
    await Bun.sleep(1);
    expect(work.withdraw("u1", "own")).toBe(false);
    expect(work.withdraw("u1", "hourly")).toBe(true);
    await expect(turn).rejects.toBeInstanceOf(WorkDroppedError);
    expect(work.withdraw("u1", "hourly")).toBe(false);
    hold.open();
    await running;
    await work.idle("u1");
    expect(work.isBusy("u1")).toBe(false);
  });
});
