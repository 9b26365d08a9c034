import { describe, expect, test } from "bun:test";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { createCallerFactory, createContextInner } from "../../../src/server/trpc/core/init.ts";
import { limits } from "../../../src/shared/limits.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient, seedUser } from "./seed.ts";

// 22:00 UTC, so the test can cross midnight
const clock = manualClock(Date.UTC(2026, 2, 10, 22));
const server = setUpTestServer({}, clock);

const send = (cookie: string | undefined, feedback: unknown) =>
  apiClient(server.url, cookie)("POST", "/api/feedback", { feedback });

describe("POST /api/feedback", () => {
  test("happy: stores the message as sent", async () => {
    const user = seedUser(server.deps);
    const res = await send(user.cookie, "Love it. Could Tempo use BPM ranges, please?");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sent: true });
    const rows = server.deps.db.$client
      .query<{ feedback: string }, [string]>("SELECT feedback FROM feedback WHERE user_id = ?")
      .all(user.userId);
    expect(rows).toEqual([{ feedback: "Love it. Could Tempo use BPM ranges, please?" }]);
  });

  test(`limit: ${limits.feedbackPerUserPerDay} a UTC day, then code 28 until midnight UTC`, async () => {
    const user = seedUser(server.deps);
    for (let i = 0; i < limits.feedbackPerUserPerDay; i++) {
      expect((await send(user.cookie, `Idea number ${i}`)).status).toBe(200);
    }
    const refused = await send(user.cookie, "One more");
    expect(refused.status).toBe(429);
    expect(refused.json.errorCode).toBe(28);
    expect(refused.json.error).toBe(
      "We are very thankful for all your feedback, but unfortunately you are unable to provide anymore.",
    );
    // another user is not affected
    expect((await send(seedUser(server.deps).cookie, "Mine")).status).toBe(200);

    clock.advance(1.9 * 3600_000); // 23:54 the same day
    expect((await send(user.cookie, "Still today")).json.errorCode).toBe(28);
    clock.advance(0.2 * 3600_000); // past midnight UTC
    expect((await send(user.cookie, "A new day")).status).toBe(200);
  });

  test("validation: empty, too long and other characters are code 1 and store nothing", async () => {
    const user = seedUser(server.deps);
    for (const bad of [
      "",
      "   ",
      "x".repeat(201),
      "<b>bold</b>",
      "mail me@example.com",
      "emoji 🎵",
      7,
      null,
    ]) {
      const res = await send(user.cookie, bad);
      expect({ bad, status: res.status, code: res.json.errorCode }).toEqual({ bad, status: 400, code: 1 });
    }
    const missing = await apiClient(server.url, user.cookie)("POST", "/api/feedback", {});
    expect(missing.status).toBe(400);
    expect(String(missing.json.error)).toContain("feedback");
    const count = server.deps.db.$client
      .query<{ n: number }, [string]>("SELECT count(*) AS n FROM feedback WHERE user_id = ?")
      .get(user.userId);
    expect(count?.n).toBe(0);
    expect((await send(user.cookie, "Ærlig talt, fantastisk! 200 stjerner - tak.")).status).toBe(200);
    expect((await send(user.cookie, "y".repeat(200))).status).toBe(200);
  });

  test("security: signed out is 401 code 6", async () => {
    const res = await send(undefined, "Hello");
    expect(res.status).toBe(401);
    expect(res.json.errorCode).toBe(6);
  });

  test("tRPC: same rules, code 28 in data.errorCode", async () => {
    const user = seedUser(server.deps);
    const caller = createCallerFactory(appRouter)(
      createContextInner({ deps: server.deps, sessionToken: user.cookie.split("=")[1] }),
    );
    for (let i = 0; i < limits.feedbackPerUserPerDay; i++)
      await caller.feedback.submit({ feedback: `Note ${i}` });
    const error = await caller.feedback.submit({ feedback: "Too many" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS", cause: { code: 28 } });
    const bad = await caller.feedback.submit({ feedback: "<x>" }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: "BAD_REQUEST" });
  });
});
