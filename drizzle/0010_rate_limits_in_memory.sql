-- The throttles table goes: every rate limit is kept by the one limiter in memory (server/platform/rate-limits.ts).
DROP TABLE `throttles`;
