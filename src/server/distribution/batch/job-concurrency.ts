// How many users a batch job works on at once: enough to keep the provider's pacer busy whatever the round trip,
// no more. Additive increase while the pacer has no background call waiting, multiplicative decrease at a 429,
// one less while more calls wait than users are being worked on; halved while the event loop lags, so requests
// waiting on the one JavaScript thread go first, and back to its number once the lag ends (ADR 0028).
import type { PacerState } from "../../platform/pacer.ts";

export interface ConcurrencyOptions {
  initial: number;
  min?: number;
  max?: number;
  /** the Web API pacer, read after each user's turn */
  pacing: () => PacerState;
  /** the event loop lags (requests wait behind the job's work) */
  loopLagging?: () => boolean;
  /** a fixed number of users at a time (benchmarks comparing fixed settings) */
  fixed?: boolean;
}

export class AdaptiveConcurrency {
  private value: number;
  private readonly min: number;
  private readonly max: number;
  private seenRefusals: number;
  private beforeLag: number | null = null;

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
    if (this.options.loopLagging?.()) {
      this.seenRefusals = state.refusals;
      this.beforeLag ??= this.value;
      this.value = Math.max(this.min, Math.floor(this.value / 2));
      return;
    }
    // Halved only while the loop lags: once it is calm again (or the run has given way for its share, loop-room.ts)
    // the job goes back to the number it had.
    if (this.beforeLag !== null) {
      this.value = Math.max(this.value, this.beforeLag);
      this.beforeLag = null;
    }
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
