// Limits and fixed values of how responses are served (headers, compression, caching).
export const httpPolicy = {
  /** bodies at or below this many bytes are sent uncompressed */
  compressMinBytes: 1024,
  /** Brotli quality for answers compressed per request (API JSON); built assets use the maximum, 11 */
  dynamicBrotliQuality: 4,
  /** bodies from this size are compressed on zlib's thread pool: a megabyte takes tens of ms of one thread */
  compressOffLoopBytes: 65_536,
  /** one year: hashed assets never change under their name */
  immutableMaxAgeSeconds: 31_536_000,
  /** HSTS max-age when PUBLIC_URL is https (two years) */
  hstsMaxAgeSeconds: 63_072_000,
  /** script on the wire (compressed) the landing route may load */
  landingScriptBudgetBytes: 150 * 1024,
} as const;

/** Paddle.js and its checkout frame, allowed by the CSP only when the real Paddle checkout is configured. */
export const paddleOrigins = {
  script: "https://cdn.paddle.com",
  frame: { production: "https://buy.paddle.com", sandbox: "https://sandbox-buy.paddle.com" },
  connect: {
    production: "https://checkout-service.paddle.com",
    sandbox: "https://sandbox-checkout-service.paddle.com",
  },
} as const;
