// The batch jobs go one step a turn of the event loop: requests that arrive while a job works are answered between
// any two of its steps, however many of its steps are ready at once.
import { afterAll, describe, expect, test } from "bun:test";
import { BatchTurns } from "../../../src/server/platform/batch-turns.ts";

const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("ok") });
afterAll(() => server.stop(true));

/** Synchronous work of `ms`, as a step's commit and planning hold the thread. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe("the batch jobs' turns", () => {
  test("turns come one after another, in the order they were asked for", async () => {
    const turns = new BatchTurns();
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => turns.next().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });

  test("with fifty steps ready at once, a request is answered between two of them, not after all fifty", async () => {
    const turns = new BatchTurns();
    let stepsDone = 0;
    // fifty listeners' answers arrive together; each step holds the thread 4 ms (200 ms in all)
    const steps = Array.from({ length: 50 }, () =>
      turns.next().then(() => {
        work(4);
        stepsDone += 1;
      }),
    );
    const doneWhenAnswered = await fetch(`http://127.0.0.1:${server.port}/`)
      .then((res) => res.text())
      .then(() => stepsDone);
    await Promise.all(steps);
    expect(doneWhenAnswered).toBeLessThan(50);
  });
});
