// A per-client-address count of requests in fixed windows (a minute unless told), kept in memory for one app.
// Bounded: past `maxAddresses` the windows that ended are dropped, then the oldest.

export class AddressRateLimit {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly maxAddresses = 10_000,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one request from `address`; false when the address already made `perWindow` in this window. */
  take(address: string, now: number): boolean {
    const window = this.windows.get(address);
    if (!window || now - window.startedAt >= this.windowMs || now < window.startedAt) {
      this.windows.delete(address);
      this.prune(now);
      this.windows.set(address, { startedAt: now, count: 1 });
      return true;
    }
    if (window.count >= this.perWindow) return false;
    window.count++;
    return true;
  }

  private prune(now: number): void {
    if (this.windows.size < this.maxAddresses) return;
    for (const [address, w] of this.windows)
      if (now - w.startedAt >= this.windowMs) this.windows.delete(address);
    // Map order is insertion order: the oldest windows go first.
    for (const address of this.windows.keys()) {
      if (this.windows.size < this.maxAddresses) break;
      this.windows.delete(address);
    }
  }
}

interface AddressSource {
  requestIP(req: Request): { address: string } | null;
}

const isLoopback = (address: string) => {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
};

/**
 * The client's address: the connection's peer, or, when the peer is a proxy on this machine (loopback), the
 * address that proxy appended to X-Forwarded-For. `server` is the Bun server the request came through.
 */
export function clientAddress(req: Request, server: unknown): string {
  const source = server as Partial<AddressSource> | undefined;
  const peer = typeof source?.requestIP === "function" ? source.requestIP(req)?.address : undefined;
  if (peer !== undefined && !isLoopback(peer)) return peer;
  const forwarded = req.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return forwarded && forwarded.length <= 64 ? forwarded : (peer ?? "local");
}
