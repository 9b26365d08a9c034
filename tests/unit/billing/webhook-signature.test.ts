import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import {
  parseSignatureHeader,
  signPaddlePayload,
  verifyPaddleSignature,
} from "../../../src/server/paddle/webhook-signature.ts";

const secret = "pdl_ntfset_01test_secret_value";
const body = JSON.stringify({
  event_id: "evt_01hv8x2b3c4d5e6f7g8h9j0k1m",
  event_type: "subscription.updated",
  occurred_at: "2026-01-15T12:00:00.000000Z",
  notification_id: "ntf_01hv8x2b3c4d5e6f7g8h9j0k1m",
  data: { id: "sub_01hv8x2b3c4d5e6f7g8h9j0k1m", status: "active" },
});
const nowMs = Date.UTC(2026, 0, 15, 12, 0, 0);
const ts = Math.floor(nowMs / 1000);

/** Computed independently of the code under test, the way Paddle documents it. */
function documentedH1(key: string, timestamp: number, raw: string): string {
  return createHmac("sha256", key).update(`${timestamp}:${raw}`).digest("hex");
}

describe("Paddle-Signature verification", () => {
  test("a valid signature over the raw body is accepted", () => {
    const header = `ts=${ts};h1=${documentedH1(secret, ts, body)}`;
    expect(verifyPaddleSignature({ header, rawBody: body, secret, nowMs })).toEqual({
      ok: true,
      timestampSec: ts,
    });
    expect(verifyPaddleSignature({ header, rawBody: new TextEncoder().encode(body), secret, nowMs }).ok).toBe(
      true,
    );
  });

  test("the signer produces exactly Paddle's header", () => {
    expect(signPaddlePayload(secret, body, ts)).toBe(`ts=${ts};h1=${documentedH1(secret, ts, body)}`);
  });

  test("a signature made with another secret is refused", () => {
    const header = `ts=${ts};h1=${documentedH1("pdl_ntfset_other", ts, body)}`;
    expect(verifyPaddleSignature({ header, rawBody: body, secret, nowMs })).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  test("a body changed by one byte is refused", () => {
    const header = `ts=${ts};h1=${documentedH1(secret, ts, body)}`;
    const changed = body.replace('"active"', '"activf"');
    expect(changed.length).toBe(body.length);
    expect(verifyPaddleSignature({ header, rawBody: changed, secret, nowMs }).ok).toBe(false);
    const bytes = new TextEncoder().encode(body);
    bytes[bytes.length - 2] = (bytes[bytes.length - 2] ?? 0) ^ 1;
    expect(verifyPaddleSignature({ header, rawBody: bytes, secret, nowMs }).ok).toBe(false);
  });

  test("a stale timestamp is refused, even when correctly signed", () => {
    const old = ts - 301;
    const header = `ts=${old};h1=${documentedH1(secret, old, body)}`;
    expect(verifyPaddleSignature({ header, rawBody: body, secret, nowMs })).toEqual({
      ok: false,
      reason: "stale",
    });
    // within the default 5 minutes it passes; a narrower window is configurable
    const recent = ts - 299;
    const recentHeader = `ts=${recent};h1=${documentedH1(secret, recent, body)}`;
    expect(verifyPaddleSignature({ header: recentHeader, rawBody: body, secret, nowMs }).ok).toBe(true);
    expect(
      verifyPaddleSignature({ header: recentHeader, rawBody: body, secret, nowMs, toleranceSec: 5 }),
    ).toEqual({ ok: false, reason: "stale" });
  });

  test("a timestamp far in the future is refused", () => {
    const future = ts + 3600;
    const header = `ts=${future};h1=${documentedH1(secret, future, body)}`;
    expect(verifyPaddleSignature({ header, rawBody: body, secret, nowMs }).ok).toBe(false);
  });

  test("with two h1 values, one valid is enough (secret rotation), in either position", () => {
    const good = documentedH1(secret, ts, body);
    const bad = documentedH1("pdl_ntfset_old_secret", ts, body);
    for (const header of [`ts=${ts};h1=${bad};h1=${good}`, `ts=${ts};h1=${good};h1=${bad}`]) {
      expect(verifyPaddleSignature({ header, rawBody: body, secret, nowMs }).ok).toBe(true);
    }
    expect(
      verifyPaddleSignature({ header: `ts=${ts};h1=${bad};h1=${bad}`, rawBody: body, secret, nowMs }).ok,
    ).toBe(false);
  });

  test("missing, malformed and truncated headers are refused without throwing", () => {
    const good = documentedH1(secret, ts, body);
    expect(verifyPaddleSignature({ header: undefined, rawBody: body, secret, nowMs })).toEqual({
      ok: false,
      reason: "missing",
    });
    for (const header of ["garbage", `h1=${good}`, `ts=${ts}`, `ts=abc;h1=${good}`, `ts=${ts};h1=`]) {
      expect(verifyPaddleSignature({ header, rawBody: body, secret, nowMs })).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
    for (const h1 of [good.slice(0, 20), `${good}00`, "zz".repeat(32)]) {
      expect(verifyPaddleSignature({ header: `ts=${ts};h1=${h1}`, rawBody: body, secret, nowMs }).ok).toBe(
        false,
      );
    }
  });

  test("an empty configured secret never verifies anything", () => {
    const header = `ts=${ts};h1=${documentedH1("", ts, body)}`;
    expect(verifyPaddleSignature({ header, rawBody: body, secret: "", nowMs }).ok).toBe(false);
  });

  test("the header parser keeps every h1 and tolerates spaces", () => {
    expect(parseSignatureHeader(`ts=${ts}; h1=aa; h1=bb`)).toEqual({ timestampSec: ts, h1: ["aa", "bb"] });
  });
});
