// Which client a request came from, for the limits per client address (sign-in).

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
