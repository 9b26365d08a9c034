// How many users a batch job works on at once: enough to keep the provider's pacer busy whatever the round trip,
// no more. Additive increase while the pacer has no background call waiting, multiplicative decrease at a 429,
// one less while more calls wait than users are being worked on (ADR 0028). Requests need no room from it: the
// job handles one answer a turn of the event loop whatever its concurrency (platform/batch-turns.ts).
import type { PacerState } from "../../platform/pacer.ts";

export interface ConcurrencyOptions {
  initial: number;
  min?: number;
  max?: number;
  /** the Web API pacer, read after each user's turn */
  pacing: () => PacerState;
  /** a fixed number of users at a time (benchmarks comparing fixed settings) */
  fixed?: boolean;
}

export class AdaptiveConcurrency {
  private value: number;
  private readonly min: number;
  private readonly max: number;
  private seenRefusals: number;

  constructor(private readonly options: ConcurrencyOptions) {
    this.min = options.min ?? 1;
    this.max = options.max ?? 256;
    this.value = Math.min(this.max, Math.max(this.min, Math.floor(options.initial)));
    this.seenRefusals = options.pacing().refusals;
  }

  get limit(): number {
    return this.value;
  }

  /** After a user's turn: adjusts the number of users at a time from what the pacer shows now. */
  update(): void {
    if (this.options.fixed) return;
    const state = this.options.pacing();
    if (state.refusals > this.seenRefusals) {
      this.seenRefusals = state.refusals;
      this.value = Math.max(this.min, Math.floor(this.value * 0.75));
    } else if (state.waiting.background === 0) {
      this.value = Math.min(this.max, this.value + 1);
    } else if (state.waiting.background > this.value) {
      this.value = Math.max(this.min, this.value - 1);
    }
  }
}
