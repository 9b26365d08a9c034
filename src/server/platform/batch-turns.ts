// The batch jobs share the one JavaScript thread with requests. A job's work goes one step at a time: each answer
// it gets from a provider is handled in a turn of the event loop of its own, after every step queued before it, so
// requests that arrived meanwhile are answered between any two of its steps — however many listeners it serves at
// once, and whoever is asking. Nothing is measured or counted: the job's share of the thread is fixed by the design
// (one step a turn), and an idle turn costs a few microseconds, so the job alone loses nothing.

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class BatchTurns {
  private last: Promise<void> = Promise.resolve();

  /** Resolves in a turn of the event loop of its own, once every turn asked for before it has come. */
  readonly next = (): Promise<void> => {
    const mine = this.last.then(nextTurn);
    this.last = mine;
    return mine;
  };
}
