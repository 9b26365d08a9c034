// Long reads written once as generators that pause (`yield`) between their parts: run to the end at once where a
// caller needs the answer now, or with a turn of the event loop at each pause where requests must not wait.

/** Runs the steps to their end without pausing. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** One turn of the event loop as a macrotask: requests waiting meanwhile are answered first. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs the steps, giving the event loop back (a macrotask: waiting requests go first) at each pause. */
export async function runStepsGivingWay<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTask();
  }
}
