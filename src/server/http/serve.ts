import { ErrorCode } from "../../shared/errors.ts";
import { httpPolicy } from "../../shared/http.ts";
import type { Config } from "../config/config.ts";
import { isReadMethod } from "../platform/http-methods.ts";
import type { Logger } from "../platform/log.ts";
import { canonicalRedirect } from "./canonical.ts";
import { compressAside, compressible, preferredEncoding, varyOnEncoding } from "./compression.ts";
import { securityHeaders } from "./headers.ts";
import { etagOf, matchesEtag, notModified } from "./validators.ts";

/** `server`: the Bun server, for handlers that must tell loopback clients from others (the emulators' controls) */
export type Handler = (req: Request, server?: Bun.Server<undefined>) => Response | Promise<Response>;

/**
 * Validators and compression for answers their handler left plain (the API, emulators): a weak ETag and 304 for
 * cacheable GET answers (http/validators.ts), Brotli or gzip for compressible bodies above the threshold. Answers that
 * already carry a Content-Encoding or their own ETag (the client bundle and pages, static/assets.ts) pass through.
 */
async function negotiate(req: Request, res: Response): Promise<Response> {
  if (res.headers.has("content-encoding") || res.body === null) return res;
  if (!compressible(res.headers.get("content-type"))) return res;
  if (res.status === 204 || res.status === 304 || res.status === 101) return res;
  if (res.headers.has("etag")) return res;
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  const cacheControl = headers.get("cache-control") ?? "";
  if (isReadMethod(req.method) && res.status === 200 && !/no-store/i.test(cacheControl)) {
    const etag = etagOf(body);
    headers.set("ETag", etag);
    if (matchesEtag(req.headers.get("if-none-match"), etag)) {
      if (body.byteLength > httpPolicy.compressMinBytes) varyOnEncoding(headers);
      return notModified(headers);
    }
  }
  if (body.byteLength <= httpPolicy.compressMinBytes) {
    return new Response(body, { status: res.status, statusText: res.statusText, headers });
  }
  varyOnEncoding(headers);
  const encoding = preferredEncoding(req.headers.get("accept-encoding"));
  if (!encoding) return new Response(body, { status: res.status, statusText: res.statusText, headers });
  headers.set("Content-Encoding", encoding);
  headers.delete("content-length");
  return new Response(await compressAside(body, encoding), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
}

/** Sets the security headers on an answer, copying it first when its headers are immutable. */
function withHeaders(res: Response, headers: [string, string][]): Response {
  let target = res;
  try {
    for (const [name, value] of headers) target.headers.set(name, value);
  } catch {
    target = new Response(res.body, res);
    for (const [name, value] of headers) target.headers.set(name, value);
  }
  return target;
}

/**
 * Everything Crate's one server answers goes through here: the canonical-host redirect first, then the handler,
 * then validators, compression and the security headers, so the shell, assets, API, errors and every mounted
 * emulator carry the same policy.
 */
export function createResponsePolicy(config: Config, log: Logger) {
  const security = securityHeaders(config);
  const redirect = canonicalRedirect(config.publicUrl);
  const failure = () =>
    Response.json({ error: "Unknown error.", errorCode: ErrorCode.Unknown }, { status: 500 });
  return {
    headers: security,
    /** the answer to an error no handler caught (Bun.serve's `error`) */
    error(error: Error): Response {
      log.error("unexpected error", { error: error.stack ?? error.message });
      return withHeaders(failure(), security);
    },
    wrap(handler: Handler): Handler {
      return async (req, server) => {
        const moved = redirect(req);
        if (moved) return withHeaders(moved, security);
        let res: Response;
        try {
          res = await handler(req, server);
        } catch (error) {
          log.error("unexpected error", {
            path: new URL(req.url).pathname,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          });
          res = failure();
        }
        return withHeaders(await negotiate(req, res), security);
      };
    },
  };
}
