// Exhaustive transport checks for every REST path and tRPC procedure: wrong methods, wrong or missing content
// types, bodies over the limit (sized and chunked), cross-site origins, deep nesting and very long URLs. Each
// is refused before any handler runs, in the transport's own error shape, and changes nothing.
import { describe, expect, test } from "bun:test";
import { MAX_BODY_BYTES } from "../../../src/server/app.ts";
import { wrongContentTypes } from "./arbitraries.ts";
import { procedures } from "./procedures.ts";
import { fillPath, matchRoute, restRoutes } from "./rest-routes.ts";
import {
  type Answer,
  changes,
  explain,
  isRestRefusal,
  isTrpcRefusal,
  type PersonaName,
  type Request,
  send,
  setUpHardening,
  snapshot,
  spotifyWrites,
  trpcErrorOf,
} from "./support.ts";

const h = setUpHardening("hostile-transport");

const SAMPLE_ID = "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e";
const unsafeRoutes = restRoutes.filter((r) => r.method !== "GET");
const mutations = procedures.filter((p) => p.type === "mutation");
const restPath = (route: string) => fillPath(route, () => SAMPLE_ID);
const cookieOf = (persona: PersonaName) => h.personas[persona].cookie;

/** Sends the request and checks that nothing changed; returns the answer for the caller's own checks. */
async function refusedWithoutChange(request: Request): Promise<Answer> {
  const before = snapshot(h);
  const writesBefore = await spotifyWrites(h.server.url);
  const answer = await send(h.server.url, request);
  const context = explain(request, answer);
  expect(changes(before, snapshot(h)), context).toEqual([]);
  expect(await spotifyWrites(h.server.url), context).toBe(writesBefore);
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  return answer;
}

function expectRest(answer: Answer, request: Request, status: number, errorCode: number): void {
  const context = explain(request, answer);
  expect(isRestRefusal(answer), context).toBe(true);
  expect([answer.status, (answer.json as { errorCode: number }).errorCode], context).toEqual([
    status,
    errorCode,
  ]);
}

function expectTrpc(answer: Answer, request: Request, status: number, errorCode: number): void {
  const context = explain(request, answer);
  expect(answer.contentType ?? "", context).toStartWith("application/json");
  const error = trpcErrorOf(Array.isArray(answer.json) ? answer.json[0] : answer.json);
  expect(isTrpcRefusal(error), context).toBe(true);
  expect([answer.status, error?.data.httpStatus, error?.data.errorCode], context).toEqual([
    status,
    status,
    errorCode,
  ]);
}

describe("wrong methods", () => {
  test("tRPC: every procedure refuses the methods it does not serve with 405, as JSON", async () => {
    for (const procedure of procedures) {
      const wrong = ["PUT", "PATCH", "DELETE", "OPTIONS", procedure.type === "query" ? "POST" : "GET"];
      for (const method of wrong) {
        for (const persona of ["visitor", "free"] as const) {
          const request: Request = {
            method,
            path: `/api/trpc/${procedure.name}`,
            cookie: cookieOf(persona),
            ...(method === "GET" || method === "OPTIONS" ? {} : { text: "{}" }),
          };
          expectTrpc(await refusedWithoutChange(request), request, 405, 1);
        }
      }
    }
  }, 60_000);
});

describe("procedure paths", () => {
  const hostileNames = [
    "%ZZ",
    "user.me%ZZ",
    "%E0%A4%A",
    "%ED%A0%80",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "user.__proto__",
    "admin",
    "_def",
    "user..me",
    "user.me%00",
    "%2E%2E%2Fhealth",
    "user.me,%ZZ",
    "__proto__,user.me",
    "x".repeat(5_000),
    "user.me,".repeat(500).slice(0, -1),
  ];

  test("tRPC: unknown, malformed and prototype procedure names are refused in the tRPC shape", async () => {
    for (const name of hostileNames) {
      for (const batch of [false, true]) {
        for (const method of ["GET", "POST"]) {
          for (const persona of ["visitor", "admin"] as const) {
            const request: Request = {
              method,
              path: `/api/trpc/${name}${batch ? "?batch=1" : ""}`,
              cookie: cookieOf(persona),
              ...(method === "POST" ? { text: "{}" } : {}),
            };
            const before = snapshot(h);
            const answer = await send(h.server.url, request);
            const context = explain(request, answer);
            expect(changes(before, snapshot(h)), context).toEqual([]);
            expect(answer.status, context).toBeLessThan(500);
            expect(answer.contentType ?? "", context).toStartWith("application/json");
            const items = Array.isArray(answer.json) ? answer.json : [answer.json];
            for (const item of items) {
              const error = trpcErrorOf(item);
              if (error) expect(isTrpcRefusal(error), context).toBe(true);
            }
          }
        }
      }
    }
  }, 60_000);
});

describe("content types", () => {
  test("REST: a body that is not application/json is refused with 415 on every unsafe path", async () => {
    for (const route of unsafeRoutes) {
      if (route.route === "/payment/webhook") continue;
      for (const contentType of [...wrongContentTypes, null]) {
        const request: Request = {
          method: route.method,
          path: restPath(route.route),
          cookie: cookieOf("admin"),
          // a Blob without a type sends no content-type header at all
          ...(contentType === null
            ? { raw: new Blob(["{}"]), contentType: null }
            : { text: "{}", contentType }),
        };
        expectRest(await refusedWithoutChange(request), request, 415, 1);
      }
    }
  }, 60_000);

  test("tRPC: a body that is not application/json is refused with 415 on every mutation", async () => {
    for (const procedure of mutations) {
      for (const contentType of [...wrongContentTypes, null]) {
        const request: Request = {
          method: "POST",
          path: `/api/trpc/${procedure.name}`,
          cookie: cookieOf("admin"),
          ...(contentType === null
            ? { raw: new Blob(["{}"]), contentType: null }
            : { text: "{}", contentType }),
        };
        expectTrpc(await refusedWithoutChange(request), request, 415, 1);
      }
    }
  }, 60_000);

  test("tRPC: a mutation without a body and without a content type is refused with 415", async () => {
    for (const procedure of mutations) {
      const request: Request = {
        method: "POST",
        path: `/api/trpc/${procedure.name}`,
        cookie: cookieOf("free"),
      };
      expectTrpc(await refusedWithoutChange(request), request, 415, 1);
    }
  });

  test("the webhook takes any content type but refuses what Paddle did not sign", async () => {
    for (const contentType of [...wrongContentTypes, "application/json"]) {
      const request: Request = { method: "POST", path: "/api/payment/webhook", text: "{}", contentType };
      const answer = await refusedWithoutChange(request);
      expect(isRestRefusal(answer), explain(request, answer)).toBe(true);
    }
  });
});

describe("bodies over the limit", () => {
  const oversized = "x".repeat(MAX_BODY_BYTES + 1);
  const chunked = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
        for (let sent = 0; sent <= MAX_BODY_BYTES; sent += chunk.length) controller.enqueue(chunk);
        controller.close();
      },
    });

  test("REST: every unsafe path refuses more than the limit with 413, sized or chunked", async () => {
    for (const route of unsafeRoutes) {
      for (const persona of ["visitor", "admin"] as const) {
        for (const raw of [oversized, chunked()]) {
          const request: Request = {
            method: route.method,
            path: restPath(route.route),
            cookie: cookieOf(persona),
            raw,
            contentType: "application/json",
          };
          expectRest(await refusedWithoutChange(request), request, 413, 41);
        }
      }
    }
  }, 60_000);

  test("tRPC: every mutation refuses more than the limit with 413, sized or chunked", async () => {
    for (const procedure of mutations) {
      for (const raw of [oversized, chunked()]) {
        const request: Request = {
          method: "POST",
          path: `/api/trpc/${procedure.name}`,
          cookie: cookieOf("admin"),
          raw,
          contentType: "application/json",
        };
        expectTrpc(await refusedWithoutChange(request), request, 413, 41);
      }
    }
  }, 60_000);
});

describe("cross-site requests", () => {
  test("every unsafe REST path and every mutation refuses another origin (403, code 6)", async () => {
    const origins = ["https://evil.example", "null"];
    for (const route of unsafeRoutes) {
      if (route.route === "/payment/webhook") continue;
      for (const origin of origins) {
        const request: Request = {
          method: route.method,
          path: restPath(route.route),
          cookie: cookieOf("admin"),
          json: route.example ?? {},
          origin,
        };
        expectRest(await refusedWithoutChange(request), request, 403, 6);
      }
    }
    for (const procedure of mutations) {
      const request: Request = {
        method: "POST",
        path: `/api/trpc/${procedure.name}`,
        cookie: cookieOf("admin"),
        json: {},
        origin: null,
        headers: { "sec-fetch-site": "cross-site" },
      };
      expectTrpc(await refusedWithoutChange(request), request, 403, 6);
    }
  }, 60_000);
});

describe("deep nesting and very long input", () => {
  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  test("REST: deeply nested JSON is a 400 on every path that reads a body", async () => {
    for (const route of restRoutes.filter((r) => r.body)) {
      for (const text of [deep(100_000), `{"x":${deep(100_000)}}`]) {
        const request: Request = {
          method: route.method,
          path: restPath(route.route),
          cookie: cookieOf("admin"),
          text,
        };
        const answer = await refusedWithoutChange(request);
        const expected = matchRoute(route.method, new URL(request.path, h.server.url).pathname);
        expect(expected).toBe(route);
        if (route.maxBodyBytes !== undefined && text.length > route.maxBodyBytes)
          expectRest(answer, request, 413, 41);
        else expectRest(answer, request, 400, 1);
      }
    }
  });

  test("tRPC: deeply nested JSON is a 400 for every procedure that takes input", async () => {
    for (const procedure of procedures.filter((p) => p.schema)) {
      const text = deep(100_000);
      const request: Request =
        procedure.type === "mutation"
          ? { method: "POST", path: `/api/trpc/${procedure.name}`, cookie: cookieOf("admin"), text }
          : {
              method: "GET",
              path: `/api/trpc/${procedure.name}?input=${encodeURIComponent(deep(2_000))}`,
              cookie: cookieOf("admin"),
            };
      expectTrpc(await refusedWithoutChange(request), request, 400, 1);
    }
  });

  test("bytes that are not UTF-8 are a 400 on every path and procedure that reads a body", async () => {
    const bodies = [
      new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      new Uint8Array([
        0x7b, 0x22, 0x66, 0x65, 0x65, 0x64, 0x62, 0x61, 0x63, 0x6b, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22,
      ]),
      new Uint8Array([0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d]),
    ];
    for (const raw of bodies) {
      for (const route of restRoutes.filter((r) => r.body)) {
        const request: Request = {
          method: route.method,
          path: restPath(route.route),
          cookie: cookieOf("admin"),
          raw,
        };
        expectRest(await refusedWithoutChange(request), request, 400, 1);
      }
      for (const procedure of mutations.filter((p) => p.schema)) {
        const request: Request = {
          method: "POST",
          path: `/api/trpc/${procedure.name}`,
          cookie: cookieOf("admin"),
          raw,
        };
        expectTrpc(await refusedWithoutChange(request), request, 400, 1);
      }
    }
  });

  test("a 10,000-character path segment is refused by the app; past the runtime's header limit by the runtime", async () => {
    for (const route of restRoutes.filter((r) => r.route.includes(":"))) {
      // the first parameter long, any others short: together they stay under the runtime's request-line limit
      let first = true;
      const segment = () => {
        const long = first;
        first = false;
        return long ? "x".repeat(10_000) : "x";
      };
      const request: Request = {
        method: route.method,
        path: fillPath(route.route, segment),
        cookie: cookieOf("admin"),
      };
      const answer = await refusedWithoutChange(request);
      expect(isRestRefusal(answer), explain(request, answer)).toBe(true);
    }
    // Bun refuses a request line over its limit (about 16 KB) itself: 431, before any app code runs.
    const tooLong: Request = { method: "GET", path: `/api/user/id?x=${"y".repeat(20_000)}` };
    expect((await refusedWithoutChange(tooLong)).status).toBe(431);
  });
});
