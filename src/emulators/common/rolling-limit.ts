// A provider's rate limit as the emulators enforce it: at most `limit` calls per client in any rolling window
// (refused calls count too, as they do at the real services).

export class RollingLimit {
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  /** Records a call of `client` at `now`; the Retry-After in seconds when it is over `limit`, else null. */
  over(client: string, now: number, limit: number): number | null {
    const window = (this.windows.get(client) ?? []).filter((t) => t > now - this.windowMs);
    window.push(now);
    this.windows.set(client, window);
    if (window.length <= limit) return null;
    const oldest = window[window.length - limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  clear(): void {
    this.windows.clear();
  }
}
