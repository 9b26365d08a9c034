// How much of a provider's pace one listener's own actions may take: past their share of the last second's calls,
// their calls queue with the background work instead of ahead of it. A call names its listener (provider-http.ts).
import { workLimits } from "../../shared/work-limits.ts";
import type { Priority } from "./pacer.ts";

const WINDOW_MS = 1000;

export interface ListenerShareOptions {
  share?: number;
  floorPerSecond?: number;
  now?: () => number;
}

export class ListenerShare {
  private readonly share: number;
  private readonly floor: number;
  private readonly now: () => number;
  /** times of the calls admitted in the window, and whose they were */
  private readonly recent: { at: number; listener: string | undefined }[] = [];
  private readonly perListener = new Map<string, number>();

  constructor(options: ListenerShareOptions = {}) {
    this.share = options.share ?? workLimits.listenerShare;
    this.floor = options.floorPerSecond ?? workLimits.listenerFloorPerSecond;
    this.now = options.now ?? Date.now;
  }

  /** The priority a call asked at `priority` gets: a listener over their share waits with the background. */
  readonly admit = (priority: Priority, listener: string | undefined): Priority => {
    const at = this.now();
    this.forget(at);
    let granted = priority;
    if (priority === "interactive" && listener !== undefined) {
      const theirs = this.perListener.get(listener) ?? 0;
      if (theirs >= Math.max(this.floor, this.share * this.recent.length)) granted = "background";
    }
    this.recent.push({ at, listener });
    if (listener !== undefined) this.perListener.set(listener, (this.perListener.get(listener) ?? 0) + 1);
    return granted;
  };

  private forget(at: number): void {
    while (this.recent.length > 0 && (this.recent[0]?.at ?? at) <= at - WINDOW_MS) {
      const old = this.recent.shift();
      if (old?.listener === undefined) continue;
      const left = (this.perListener.get(old.listener) ?? 1) - 1;
      if (left <= 0) this.perListener.delete(old.listener);
      else this.perListener.set(old.listener, left);
    }
  }
}
