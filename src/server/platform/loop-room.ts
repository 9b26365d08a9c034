// Background work (the batch jobs) shares the one JavaScript thread with requests. It watches how late the event
// loop runs a timer — the wait a request arriving now would see — and gives the loop back between users and
// between steps: always one turn of the loop, and while the loop lags and requests are coming in, short pauses so
// waiting requests go first. With no request in sight the job's own lag costs it nothing.
import { AsyncLocalStorage } from "node:async_hooks";
import { workLimits } from "../../shared/work-limits.ts";

export interface LoopRoomOptions {
  /** lag above which background work pauses and backs off (ms) */
  targetLagMs?: number;
  /** how often the lag is sampled (ms) */
  sampleMs?: number;
  /** the longest one pause lasts, so a loop that never calms down still lets the work move on (ms) */
  maxWaitMs?: number;
  now?: () => number;
  /** true while requests are coming in; without it the loop's lag is the work's own and nobody waits */
  requestsComing?: () => boolean;
  /** the share of its running time the work may spend giving way (beyond one pause), asked each time it matters */
  yieldShare?: number | (() => number);
}

/**
 * When the app last took a request, and from how many clients: background work gives way only while requests are
 * coming in, and for a share of its time that grows with the clients asking. A client (one listener's session,
 * else one address) past its share of requests in a second is served but no longer counted, so one client's flood
 * cannot hold the batch jobs up for everyone else.
 */
export class RequestTraffic {
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly clients = new Map<string, { since: number; count: number }>();
  /** clients counted in the current second and the one before it */
  private secondStartedAt = Number.NEGATIVE_INFINITY;
  private clientsThisSecond = 0;
  private clientsSecondBefore = 0;
  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly perClientPerSecond: number = workLimits.requestsCountedPerClient,
  ) {}

  seen(client?: string): void {
    const now = this.now();
    if (client !== undefined) {
      let window = this.clients.get(client);
      if (!window || now - window.since >= 1_000) {
        // Windows of clients gone quiet are dropped now and then, so the map stays as small as the traffic.
        if (this.clients.size >= 10_000) this.forgetQuiet(now);
        // A client counts towards the share from its second second of asking: a page polling does, a session used
        // once does not (a flood of sign-ins would otherwise count as many listeners).
        if (window && now - window.since < 2_500) this.countClient(now);
        window = { since: now, count: 0 };
        this.clients.set(client, window);
      }
      window.count += 1;
      if (window.count > this.perClientPerSecond) return;
    }
    this.lastAt = now;
  }

  private countClient(now: number): void {
    if (now - this.secondStartedAt >= 1_000) {
      this.clientsSecondBefore = now - this.secondStartedAt < 2_000 ? this.clientsThisSecond : 0;
      this.secondStartedAt = now;
      this.clientsThisSecond = 0;
    }
    this.clientsThisSecond += 1;
  }

  /** Clients that asked in about the last second and the one before (each counted once a second). */
  activeClients(): number {
    const since = this.now() - this.secondStartedAt;
    if (since >= 2_000) return 0;
    if (since >= 1_000) return this.clientsThisSecond;
    return Math.max(this.clientsThisSecond, this.clientsSecondBefore);
  }

  /** The share of its time background work may give way now: so much per client asking, within the most. */
  yieldShare(): number {
    const clients = Math.max(1, this.activeClients());
    return Math.min(workLimits.batchYieldShareMax, workLimits.batchYieldSharePerClient * clients);
  }

  private forgetQuiet(now: number): void {
    for (const [client, window] of this.clients) if (now - window.since >= 1_000) this.clients.delete(client);
  }

  /** A request arrived within the last `withinMs` (a second by default). */
  recent(withinMs = 1_000): boolean {
    return this.now() - this.lastAt < withinMs;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class LoopRoom {
  readonly targetLagMs: number;
  private readonly sampleMs: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly requestsComing: () => boolean;
  private lag = 0;
  private expected = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly yieldShare: () => number;
  private readonly startedAt: number;
  private yieldedMs = 0;

  constructor(options: LoopRoomOptions = {}) {
    this.targetLagMs = options.targetLagMs ?? 2;
    this.sampleMs = options.sampleMs ?? 10;
    this.maxWaitMs = options.maxWaitMs ?? 250;
    this.now = options.now ?? (() => performance.now());
    this.requestsComing = options.requestsComing ?? (() => true);
    const share = options.yieldShare ?? workLimits.batchYieldSharePerClient;
    this.yieldShare = typeof share === "number" ? () => share : share;
    this.startedAt = this.now();
  }

  /** The loop's recent lag: a late timer counts at once, calm samples bring it down over a few samples. */
  get lagMs(): number {
    return this.lag;
  }

  /**
   * The loop lags while requests are coming in: they wait behind the background work. The work gives way for at
   * most its share of the time it has run (`yieldShare`), so requests keep priority but a flood of them cannot
   * stretch a batch run more than that.
   */
  get lagging(): boolean {
    return this.lag > this.targetLagMs && this.requestsComing() && this.withinShare();
  }

  private withinShare(): boolean {
    return this.yieldedMs <= this.maxWaitMs + this.yieldShare() * (this.now() - this.startedAt);
  }

  /** Starts sampling (while background work runs; the timer does not keep the process alive). */
  start(): this {
    if (this.timer) return this;
    this.expected = this.now() + this.sampleMs;
    this.timer = setInterval(() => this.sample(), this.sampleMs);
    this.timer.unref?.();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.lag = 0;
  }

  /** One sample: how late this tick ran against when it was due. */
  sample(at = this.now()): void {
    const since = Math.min(2 * this.sampleMs, Math.max(0, at - (this.expected - this.sampleMs)));
    // the interval since the last sample was spent giving way if the work saw the loop lagging during it
    const gaveWay = this.lagging;
    const late = Math.max(0, at - this.expected);
    this.expected = at + this.sampleMs;
    this.lag = late >= this.lag ? late : this.lag * 0.7 + late * 0.3;
    // Time spent giving way: the pauses and the fewer users at a time (job-concurrency.ts) while it lags.
    if (gaveWay) this.yieldedMs += since;
  }

  /** Between two pieces of background work: one turn of the loop, then short pauses while it lags. */
  async give(): Promise<void> {
    await nextTurn();
    const until = this.now() + this.maxWaitMs;
    while (this.lagging && this.now() < until) await sleep(this.sampleMs);
  }
}

const roomScope = new AsyncLocalStorage<LoopRoom>();

/** Runs fn (and everything it starts) as background work that gives way to requests through `room`. */
export function withLoopRoom<T>(room: LoopRoom, fn: () => T): T {
  return roomScope.run(room, fn);
}

/** A point where background work may give the loop back; nothing outside `withLoopRoom` (a listener's own call). */
export function giveLoopRoom(): Promise<void> | undefined {
  return roomScope.getStore()?.give();
}
