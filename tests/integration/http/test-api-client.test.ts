// The tests' one API client: in process (app.request), over the socket and as a tRPC caller, Crate answers alike.
import { beforeAll, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { apiCall, inProcess, overHttp, trpcCaller, trpcRequest } from "../../support/api.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { makeUser, type TestUser } from "../admin/support.ts";

let listener: TestUser;

const server = setUpTestServer();
beforeAll(async () => {
  listener = makeUser(server.deps);
});

describe("the test API client", () => {
  test("a REST call answers the same in process and over the socket, signed in or not", async () => {
    for (const cookie of [listener.cookie, undefined]) {
      const inside = await apiCall(inProcess(server.deps), "GET", "/api/user/id", { cookie });
      const over = await apiCall(overHttp(server.url), "GET", "/api/user/id", { cookie });
      expect({ status: inside.status, body: inside.body }).toEqual({ status: over.status, body: over.body });
    }
    const signedIn = await apiCall(inProcess(server.deps), "GET", "/api/user/id", {
      cookie: listener.cookie,
    });
    expect(signedIn.body).toEqual({ userId: listener.userId });
    const signedOut = await apiCall(inProcess(server.deps), "GET", "/api/user/id");
    expect({ status: signedOut.status, errorCode: signedOut.body.errorCode }).toEqual({
      status: 401,
      errorCode: ErrorCode.Unauthorized,
    });
  });

  test("a cross-site change is refused in process as over the socket (the CSRF rules apply to both)", async () => {
    for (const target of [inProcess(server.deps), overHttp(server.url)]) {
      const answer = await apiCall(target, "POST", "/api/user/settings", {
        cookie: listener.cookie,
        json: { createPlaylistsAsPrivate: true },
        headers: { origin: "https://elsewhere.example" },
      });
      expect(answer.status).toBe(403);
    }
  });

  test("the tRPC caller answers as the cookie's listener, and refuses without one", async () => {
    const over = await trpcRequest(overHttp(server.url), "query", "user.id", undefined, listener.cookie);
    const called = await trpcCaller(server.deps, listener.cookie).user.id();
    expect(called).toEqual(over.body.result.data);
    const refused = await trpcCaller(server.deps)
      .user.id()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe("UNAUTHORIZED");
  });
});
