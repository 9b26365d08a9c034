import { createHmac, timingSafeEqual } from "node:crypto";

/** Paddle's own SDK allows 5 seconds; deliveries and retries are slower than that in practice. */
export const DEFAULT_SIGNATURE_TOLERANCE_SEC = 300;

export type SignatureFailure = "missing" | "malformed" | "mismatch" | "stale";

export type SignatureCheck = { ok: true; timestampSec: number } | { ok: false; reason: SignatureFailure };

export interface ParsedSignatureHeader {
  timestampSec: number;
  /** every h1 value; several appear while a secret is being rotated */
  h1: string[];
}

/** Parses `ts=1671552777;h1=abc…[;h1=def…]`; null when ts or every h1 is missing. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader | null {
  let timestamp: string | undefined;
  const h1: string[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "ts") timestamp = value;
    else if (key === "h1" && value !== "") h1.push(value);
  }
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || h1.length === 0) return null;
  return { timestampSec: Number(timestamp), h1 };
}

function signedBytes(timestampSec: number | string, rawBody: Uint8Array | string): Buffer {
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : Buffer.from(rawBody);
  return Buffer.concat([Buffer.from(`${timestampSec}:`, "utf8"), body]);
}

/** HMAC-SHA256 of `ts + ":" + rawBody` keyed with the notification secret, lowercase hex. */
export function computeSignature(
  secret: string,
  timestampSec: number | string,
  rawBody: Uint8Array | string,
) {
  return createHmac("sha256", secret).update(signedBytes(timestampSec, rawBody)).digest("hex");
}

/** The `Paddle-Signature` header value Paddle would send for this body at this time. */
export function signPaddlePayload(
  secret: string,
  rawBody: Uint8Array | string,
  timestampSec: number,
): string {
  return `ts=${timestampSec};h1=${computeSignature(secret, timestampSec, rawBody)}`;
}

export interface VerifyOptions {
  header: string | null | undefined;
  rawBody: Uint8Array | string;
  secret: string;
  nowMs: number;
  toleranceSec?: number;
}

/**
 * Verifies a Paddle-Signature header over the raw request body: any h1 may match (constant-time compare),
 * and ts must lie within the tolerance of now, in either direction.
 */
export function verifyPaddleSignature(opts: VerifyOptions): SignatureCheck {
  if (!opts.header || opts.header.trim() === "") return { ok: false, reason: "missing" };
  const parsed = parseSignatureHeader(opts.header);
  if (!parsed) return { ok: false, reason: "malformed" };
  if (opts.secret === "") return { ok: false, reason: "mismatch" };
  const expected = Buffer.from(computeSignature(opts.secret, parsed.timestampSec, opts.rawBody), "hex");
  let matched = false;
  for (const candidate of parsed.h1) {
    const given = /^[0-9a-fA-F]+$/.test(candidate) ? Buffer.from(candidate, "hex") : Buffer.alloc(0);
    // timingSafeEqual needs equal lengths; a wrong length is simply not a match.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) return { ok: false, reason: "mismatch" };
  const tolerance = opts.toleranceSec ?? DEFAULT_SIGNATURE_TOLERANCE_SEC;
  if (Math.abs(opts.nowMs / 1000 - parsed.timestampSec) > tolerance) return { ok: false, reason: "stale" };
  return { ok: true, timestampSec: parsed.timestampSec };
}
