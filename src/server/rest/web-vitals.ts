import { Hono } from "hono";
import { ErrorCode } from "../../shared/errors.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import { WebVitalsReportSchema } from "../../shared/schemas/web-vitals.ts";
import { WEB_VITALS_MAX_BYTES, WEB_VITALS_PATH } from "../../shared/web-vitals.ts";
import type { Deps } from "../deps/deps.ts";
import { clientAddress } from "../http/client-address.ts";
import { AppError, badRequest } from "../platform/errors.ts";
import { recordWebVitals, weeklyWebVitals } from "../web-vitals/service.ts";
import { parseWith, requireAdmin } from "./validate.ts";

const tooLarge = () =>
  new AppError(ErrorCode.PayloadTooLarge, `A report may have at most ${WEB_VITALS_MAX_BYTES} bytes.`, 413);

/**
 * `POST /api/web-vitals`: a page's Core Web Vitals, sent with `navigator.sendBeacon` as application/json (so the
 * CSRF guard's same-origin and content-type rules hold). No session needed; 204 when counted. Anonymous, so
 * limited: one address cannot move the operator's chart alone, and all of them together write a bounded number
 * of commits a minute (429, errorCode 42, past either).
 * `GET /api/admin/web-vitals`: the admin chart's weekly figures (admins only).
 */
export function webVitalsRest(deps: Deps) {
  return new Hono()
    .get("/admin/web-vitals", (c) => {
      requireAdmin(c, deps);
      return c.json(weeklyWebVitals(deps));
    })
    .post(WEB_VITALS_PATH.replace(/^\/api/, ""), async (c) => {
      if (Number(c.req.header("content-length") ?? 0) > WEB_VITALS_MAX_BYTES) throw tooLarge();
      deps.rateLimits.take(rateRules.webVitalsPerAddress, clientAddress(c.req.raw, c.env));
      deps.rateLimits.take(rateRules.webVitalsInAll, "all");
      const text = await c.req.text();
      if (new TextEncoder().encode(text).length > WEB_VITALS_MAX_BYTES) throw tooLarge();
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw badRequest("body: must be valid JSON");
      }
      recordWebVitals(deps, parseWith(WebVitalsReportSchema, raw));
      return c.body(null, 204);
    });
}
