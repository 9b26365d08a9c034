// Long work runs in the background of the process, one piece of work per user at a time (a distribution,
// a deletion, an analysis, the hourly sync), so a request returns its progress id at once.
import type { Logger } from "./log.ts";

export class UserWork {
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly running = new Set<Promise<unknown>>();
  private stopping = false;

  constructor(private readonly log: Logger) {}

  /** True once the process is shutting down: long loops stop between two provider writes. */
  get isStopping(): boolean {
    return this.stopping;
  }

  /** Runs fn after the user's earlier work has finished; never two at once for one user. */
  forUser<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(userId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(userId, settled);
    this.running.add(settled);
    void settled.then(() => {
      this.running.delete(settled);
      if (this.chains.get(userId) === settled) this.chains.delete(userId);
    });
    return next;
  }

  /** Starts fn for the user in the background; a failure is logged (the work records its own outcome). */
  spawn(userId: string, name: string, fn: () => Promise<unknown>): void {
    if (this.stopping) return;
    this.forUser(userId, fn).catch((error) =>
      this.log.error("background work failed", { name, userId, error: String(error) }),
    );
  }

  /** True while the user has work queued or running. */
  isBusy(userId: string): boolean {
    return this.chains.has(userId);
  }

  /** Lets running work stop at its next step and waits for it. */
  async stop(): Promise<void> {
    this.stopping = true;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
