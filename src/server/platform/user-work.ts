// Long work runs in the background of the process, one piece of work per user at a time (a distribution,
// a deletion, an analysis, a library read, the hourly job's turn), so a request returns its progress id at once.
// A listener's waiting work is bounded and coalesced (one waiting piece per key), so no listener can queue more
// than a few pieces however often they ask; at shutdown the waiting work is dropped (what must survive a
// restart is recorded in the database and resumed at start-up).
import { ErrorCode } from "../../shared/errors.ts";
import { workLimits } from "../../shared/work-limits.ts";
import { AppError } from "./errors.ts";
import type { Logger } from "./log.ts";

export interface WorkOptions {
  /** shown in logs */
  name?: string;
  /** a waiting piece with the same key takes this request in: both callers get its outcome */
  key?: string;
  /** with `key`: this request's fn replaces the waiting one's (a full library read over a newer-likes read) */
  replaces?: boolean;
  /** not counted against the bound (the hourly job's own turn) */
  unbounded?: boolean;
  /** what kind of piece this is within its key (a full read) */
  variant?: string;
  /** a running piece of the same key and this variant already does what is asked: its outcome is the answer */
  joinRunning?: string;
}

/** The outcome of work dropped at shutdown before it started. */
export class WorkDroppedError extends Error {
  constructor(name: string) {
    super(`${name} dropped at shutdown`);
    this.name = "WorkDroppedError";
  }
}

interface Piece {
  name: string;
  key: string | undefined;
  variant: string | undefined;
  unbounded: boolean;
  fn: () => Promise<unknown>;
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Lane {
  running: Promise<void> | null;
  current: Piece | null;
  waiting: Piece[];
}

export class UserWork {
  private readonly lanes = new Map<string, Lane>();
  private stopping = false;
  private readonly maxWaiting: number;

  constructor(
    private readonly log: Logger,
    options: { maxWaiting?: number } = {},
  ) {
    this.maxWaiting = options.maxWaiting ?? workLimits.pendingPerListener;
  }

  /** True once the process is shutting down: long loops stop between two provider writes. */
  get isStopping(): boolean {
    return this.stopping;
  }

  /**
   * Runs fn after the user's earlier work has finished; never two at once for one user. Refused with
   * WorkQueueFull when the user already has their share waiting (a coalesced request always fits).
   */
  forUser<T>(userId: string, fn: () => Promise<T>, options: WorkOptions = {}): Promise<T> {
    const name = options.name ?? "work";
    if (this.stopping) return Promise.reject(new WorkDroppedError(name));
    const lane = this.lanes.get(userId) ?? { running: null, current: null, waiting: [] };
    if (options.key !== undefined) {
      const current = lane.current;
      if (
        options.joinRunning !== undefined &&
        current?.key === options.key &&
        current.variant === options.joinRunning
      ) {
        return current.promise as Promise<T>;
      }
      const same = lane.waiting.find((piece) => piece.key === options.key);
      if (same) {
        if (options.replaces) {
          same.fn = fn;
          same.variant = options.variant;
        }
        return same.promise as Promise<T>;
      }
    }
    if (!options.unbounded && this.countedWaiting(lane) >= this.maxWaiting) {
      return Promise.reject(new AppError(ErrorCode.WorkQueueFull));
    }
    let resolve: (value: unknown) => void = () => undefined;
    let reject: (error: unknown) => void = () => undefined;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    lane.waiting.push({
      name,
      key: options.key,
      variant: options.variant,
      unbounded: options.unbounded ?? false,
      fn,
      promise,
      resolve,
      reject,
    });
    this.lanes.set(userId, lane);
    this.next(userId, lane);
    return promise as Promise<T>;
  }

  /** Starts fn for the user in the background; a failure is logged (the work records its own outcome). */
  spawn(userId: string, name: string, fn: () => Promise<unknown>, options: WorkOptions = {}): void {
    if (this.stopping) return;
    this.forUser(userId, fn, { ...options, name }).catch((error) => {
      if (error instanceof WorkDroppedError) return;
      if (error instanceof AppError && error.code === ErrorCode.WorkQueueFull) {
        this.log.info("background work refused: queue full", { name, userId });
        return;
      }
      this.log.error("background work failed", { name, userId, error: String(error) });
    });
  }

  /**
   * Takes back the user's waiting piece of `key` if it has not started (its callers see WorkDroppedError);
   * false when there is none or it runs already.
   */
  withdraw(userId: string, key: string): boolean {
    const lane = this.lanes.get(userId);
    const at = lane ? lane.waiting.findIndex((piece) => piece.key === key) : -1;
    if (!lane || at < 0) return false;
    const [piece] = lane.waiting.splice(at, 1);
    piece?.reject(new WorkDroppedError(piece.name));
    return true;
  }

  /** Refuses with WorkQueueFull before a service records work it could not queue. */
  assertRoom(userId: string): void {
    if (this.stopping) return;
    const lane = this.lanes.get(userId);
    if (lane && this.countedWaiting(lane) >= this.maxWaiting) throw new AppError(ErrorCode.WorkQueueFull);
  }

  /** True while the user has work queued or running. */
  isBusy(userId: string): boolean {
    return this.lanes.has(userId);
  }

  /** Settles once every piece the user has queued or running now has finished. */
  async idle(userId: string): Promise<void> {
    for (;;) {
      const lane = this.lanes.get(userId);
      if (!lane) return;
      await Promise.allSettled([lane.running, ...lane.waiting.map((piece) => piece.promise)]);
    }
  }

  /** Drops the work still waiting and lets running work stop at its next step, waiting for it. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const lane of this.lanes.values()) {
      for (const piece of lane.waiting.splice(0)) piece.reject(new WorkDroppedError(piece.name));
    }
    for (;;) {
      const running = [...this.lanes.values()].map((lane) => lane.running).filter((p) => p !== null);
      if (running.length === 0) return;
      await Promise.allSettled(running);
    }
  }

  private countedWaiting(lane: Lane): number {
    return lane.waiting.filter((piece) => !piece.unbounded).length;
  }

  private next(userId: string, lane: Lane): void {
    if (lane.running) return;
    const piece = lane.waiting.shift();
    if (!piece) {
      if (this.lanes.get(userId) === lane) this.lanes.delete(userId);
      return;
    }
    lane.current = piece;
    const run = (async () => {
      // Started after the caller's own turn, as a queued piece always was.
      await null;
      try {
        piece.resolve(await piece.fn());
      } catch (error) {
        piece.reject(error);
      }
    })();
    lane.running = run.then(() => {
      lane.running = null;
      lane.current = null;
      this.next(userId, lane);
    });
  }
}
