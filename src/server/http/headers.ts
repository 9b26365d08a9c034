import { httpPolicy, paddleOrigins } from "../../shared/http.ts";
import type { Config } from "../config/config.ts";

/** True when the Plans page opens Paddle.js's overlay (a real Paddle client token, not the bundled emulator). */
export function usesPaddleJs(config: Config): boolean {
  const emulated = config.emulators && config.paddle.apiUrl === `${config.publicUrl}/emulator/paddle`;
  return !emulated && config.paddle.clientToken !== "";
}

/**
 * The Content-Security-Policy of every page Crate serves. Scripts only from our own origin (plus Paddle.js when
 * the real checkout is configured); styles also inline, which Chakra's Emotion runtime needs (ADR 0014).
 */
export function contentSecurityPolicy(config: Config): string {
  const paddle = usesPaddleJs(config);
  const env = config.paddle.environment;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(paddle ? [paddleOrigins.script] : [])],
    "style-src": ["'self'", "'unsafe-inline'", ...(paddle ? [paddleOrigins.script] : [])],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(paddle ? [paddleOrigins.connect[env]] : [])],
    "frame-src": paddle ? [paddleOrigins.frame[env]] : ["'none'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** The headers every response carries, whatever answered it: the shell, assets, the API, errors, emulators. */
export function securityHeaders(config: Config): [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(config)],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=()"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
  ];
  if (config.publicUrl.startsWith("https://")) {
    headers.push(["Strict-Transport-Security", `max-age=${httpPolicy.hstsMaxAgeSeconds}; includeSubDomains`]);
  }
  return headers;
}
