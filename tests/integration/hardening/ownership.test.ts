// Ownership: every resource a user addresses by id (distribution progress, analyses, combinations, predefined
// playlists by name, the subscription) answers another user with 404 and changes nothing — not in the
// database, not on Spotify, not at Paddle; and the admin calls refuse everyone but the admin.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  buildWorld,
  call,
  expectNotFound,
  expectNothingChanges,
  type OwnershipWorld,
  paddleSubscriptions,
  spotifyPlaylists,
  stateOf,
  trpc,
} from "./ownership-world.ts";
import { exampleInputs, procedures } from "./procedures.ts";
import { fillPath, restRoutes } from "./rest-routes.ts";
import {
  type Answer,
  isRestRefusal,
  isTrpcRefusal,
  type Persona,
  trpcErrorOf,
  untilIdle,
} from "./support.ts";

let w: OwnershipWorld;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);
afterAll(() => w?.server.dispose());

/** The id as sent, and the variants a careless lookup might still match. */
const variants = (id: string) => [id, ` ${id} `, id.toUpperCase(), encodeURIComponent(`${id}\u0000`)];

describe("distribution progress", () => {
  test("another user's distribution is 404 over REST and tRPC; its owner reads it", async () => {
    const id = w.alice.distributionId;
    expect((await call(w, w.alice, "GET", `/api/distributor/${id}/progress`)).status).toBe(200);
    await expectNothingChanges(w, async () => {
      for (const variant of variants(id)) {
        expectNotFound(await call(w, w.bob, "GET", `/api/distributor/${variant}/progress`), variant);
      }
      expectNotFound(await trpc(w, w.bob, "query", "distribution.progress", { id }), "tRPC");
      expectNotFound(await trpc(w, w.carol, "query", "distribution.progress", { id }), "tRPC, Free");
    });
  });
});

describe("combinations", () => {
  test("another user's combination cannot be deleted (404), over REST and tRPC", async () => {
    const id = w.alice.combinationId;
    await expectNothingChanges(w, async () => {
      for (const variant of variants(id)) {
        expectNotFound(await call(w, w.bob, "DELETE", `/api/distributor/combinatorial/${variant}`), variant);
      }
      expectNotFound(await trpc(w, w.bob, "mutation", "combinations.delete", { id }), "tRPC");
      expectNotFound(await trpc(w, w.carol, "mutation", "combinations.delete", { id }), "tRPC, Free");
    });
    const listed = await trpc(w, w.alice, "query", "combinations.list", undefined);
    const combos = (listed.json as { result: { data: { active: boolean }[] } }).result.data;
    expect(combos.map((c) => c.active)).toEqual([true]);
  });
});

describe("predefined playlists by name", () => {
  const alicesOwn = () =>
    w.server.deps.db.$client
      .query(
        `SELECT mp.*, (SELECT count(*) FROM playlist_songs ps WHERE ps.playlist_id = mp.id) AS songs
         FROM managed_playlists mp WHERE mp.user_id = ? ORDER BY mp.id`,
      )
      .all(w.alice.userId);
  const selectionOf = (userId: string | null) =>
    w.server.deps.db.$client
      .query("SELECT * FROM simple_preferences WHERE user_id = ? ORDER BY name")
      .all(userId);

  test("a user without the playlist deleting its name changes nothing", async () => {
    await expectNothingChanges(w, async () => {
      const rest = await call(w, w.carol, "DELETE", "/api/distributor/predefined/Everything");
      expect([rest.status, rest.json]).toEqual([
        200,
        { distributionProgressId: null, removedPlaylistNames: [] },
      ]);
      const viaTrpc = await trpc(w, w.carol, "mutation", "distribution.deletePredefined", {
        name: "Everything",
      });
      expect(viaTrpc.status).toBe(200);
    });
  });

  test("deleting a name removes only the caller's playlist; the other user's of the same name stays", async () => {
    const aliceRows = alicesOwn();
    const aliceSelection = selectionOf(w.alice.userId);
    const aliceSpotify = await spotifyPlaylists(w, w.alice.spotifyId);
    const alicePaddle = await paddleSubscriptions(w, w.alice.userId);
    expect(JSON.stringify(aliceSpotify)).toContain("Everything - Managed Playlist");

    const answer = await call(w, w.bob, "DELETE", "/api/distributor/predefined/Everything");
    expect(answer.status).toBe(200);
    const progressId = (answer.json as { distributionProgressId: string }).distributionProgressId;
    expect(progressId).toBeTruthy();
    // The deletion's progress belongs to Bob alone.
    expectNotFound(await call(w, w.alice, "GET", `/api/distributor/${progressId}/progress`), "Alice");
    await untilIdle(w.server, [w.bob.userId]);

    const bobs = (await spotifyPlaylists(w, w.bob.spotifyId)) as { name: string; deleted: boolean }[];
    expect(bobs.find((p) => p.name === "Everything - Managed Playlist")?.deleted).toBe(true);
    expect(selectionOf(w.bob.userId).map((r) => (r as { name: string }).name)).not.toContain("Everything");
    expect(alicesOwn()).toEqual(aliceRows);
    expect(selectionOf(w.alice.userId)).toEqual(aliceSelection);
    expect(await spotifyPlaylists(w, w.alice.spotifyId)).toEqual(aliceSpotify);
    expect(await paddleSubscriptions(w, w.alice.userId)).toEqual(alicePaddle);
  });
});

describe("analyses", () => {
  test("another user can neither poll nor cancel a running analysis; it completes for its owner", async () => {
    const faults = `${w.server.url}/emulator/spotify/control/faults`;
    const put = (body: unknown) =>
      fetch(faults, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // Slow provider answers keep the analysis running while Bob tries.
    await put({ latencyMs: 250 });
    try {
      const started = await call(w, w.alice, "POST", "/api/distributor/analysis");
      expect(started.status).toBe(200);
      const id = (started.json as { progressId: string }).progressId;
      const status = () =>
        (
          w.server.deps.db.$client.query("SELECT status FROM analyses WHERE id = ?").get(id) as {
            status: string;
          }
        ).status;
      expect(status()).toBe("running");
      for (const variant of variants(id)) {
        expectNotFound(await call(w, w.bob, "POST", `/api/distributor/analysis/${variant}/cancel`), variant);
        expectNotFound(
          await call(w, w.bob, "GET", `/api/distributor/analysis/${variant}?afterSegmentNumber=-1`),
          variant,
        );
      }
      expectNotFound(await trpc(w, w.bob, "mutation", "distribution.cancelAnalysis", { id }), "tRPC cancel");
      expectNotFound(await trpc(w, w.bob, "query", "distribution.analysisResults", { id }), "tRPC poll");
      expect(status()).toBe("running");
      await put({});
      await untilIdle(w.server, [w.alice.userId]);
      const results = await call(w, w.alice, "GET", `/api/distributor/analysis/${id}?afterSegmentNumber=-1`);
      const segments = (results.json as { results: { type: string }[] }).results;
      expect(segments.at(-1)?.type).toBe("Completed");
      // Finished, it is still Alice's alone.
      await expectNothingChanges(w, async () => {
        expectNotFound(await call(w, w.bob, "POST", `/api/distributor/analysis/${id}/cancel`), "cancel");
        expectNotFound(await call(w, w.carol, "GET", `/api/distributor/analysis/${id}`), "poll");
      });
    } finally {
      await put({});
    }
  });
});

describe("subscriptions", () => {
  const subscriptionCalls: [string, string][] = [
    ["GET", "/api/payment/subscription"],
    ["POST", "/api/payment/subscription/cancel"],
    ["POST", "/api/payment/subscription/reactivate"],
    ["GET", "/api/payment/subscription/update-payment-method-transaction"],
  ];

  test("a user without a subscription gets 404 for every subscription call, REST and tRPC", async () => {
    await expectNothingChanges(w, async () => {
      for (const [method, path] of subscriptionCalls)
        expectNotFound(await call(w, w.carol, method, path), path);
      for (const [type, procedure] of [
        ["query", "billing.subscription"],
        ["mutation", "billing.cancel"],
        ["mutation", "billing.reactivate"],
        ["mutation", "billing.updatePaymentMethodTransaction"],
      ] as const) {
        expectNotFound(await trpc(w, w.carol, type, procedure, undefined), procedure);
      }
    });
  });

  test("cancel and re-activate act on the caller's own subscription only", async () => {
    const aliceBefore = await paddleSubscriptions(w, w.alice.userId);
    const aliceRow = () =>
      w.server.deps.db.$client.query("SELECT * FROM subscriptions WHERE user_id = ?").all(w.alice.userId);
    const aliceRowBefore = aliceRow();
    const cancelled = await call(w, w.bob, "POST", "/api/payment/subscription/cancel");
    expect([cancelled.status, (cancelled.json as { status: string }).status]).toEqual([
      200,
      "BeingCancelled",
    ]);
    expect(await paddleSubscriptions(w, w.alice.userId)).toEqual(aliceBefore);
    expect(aliceRow()).toEqual(aliceRowBefore);
    const alices = await call(w, w.alice, "GET", "/api/payment/subscription");
    expect((alices.json as { status: string }).status).toBe("Active");
    const reactivated = await trpc(w, w.bob, "mutation", "billing.reactivate", undefined);
    expect(reactivated.status).toBe(200);
    expect(await paddleSubscriptions(w, w.alice.userId)).toEqual(aliceBefore);
    expect(aliceRow()).toEqual(aliceRowBefore);
  });
});

describe("admin calls", () => {
  const adminRoutes = restRoutes.filter((r) => r.access === "admin");
  const adminProcedures = procedures.filter((p) => p.access === "admin");
  const withAlice = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value ?? null)
        .replaceAll("5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e", w.alice.userId ?? "")
        .replaceAll("nobody-here", w.alice.spotifyId ?? ""),
    );

  function expectRefused(answer: Answer, status: number, context: string): void {
    expect(answer.status, context).toBe(status);
    const error = trpcErrorOf(answer.json);
    if (error) expect([isTrpcRefusal(error), error.data.errorCode], context).toEqual([true, 6]);
    else
      expect([isRestRefusal(answer), (answer.json as { errorCode: number }).errorCode], context).toEqual([
        true,
        6,
      ]);
  }

  test("every admin path and procedure refuses visitors (401) and listeners (403) with code 6", async () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    expect(adminProcedures.length).toBeGreaterThanOrEqual(7);
    const who: [Persona, number][] = [
      [w.visitor, 401],
      [w.alice, 403],
      [w.carol, 403],
    ];
    await expectNothingChanges(w, async () => {
      for (const route of adminRoutes) {
        const path = fillPath(route.route, () =>
          route.route.includes("spotify-id") ? (w.alice.spotifyId ?? "") : (w.alice.userId ?? ""),
        );
        for (const [persona, status] of who) {
          const answer = await call(
            w,
            persona,
            route.method,
            path,
            route.method === "GET" ? undefined : (route.example ?? {}),
          );
          expectRefused(answer, status, `${persona.spotifyId} ${route.method} ${path}`);
        }
      }
      for (const procedure of adminProcedures) {
        const input = withAlice(exampleInputs[procedure.name]);
        for (const [persona, status] of who) {
          const answer = await trpc(
            w,
            persona,
            procedure.type,
            `admin.${procedure.name.split(".")[1]}`,
            input ?? undefined,
          );
          expectRefused(answer, status, `${persona.spotifyId} ${procedure.name}`);
        }
      }
    });
  });

  test("the admin is let through (the refusals above are about the caller, not the call)", async () => {
    const detail = await call(w, w.admin, "GET", `/api/admin/user/user-id/${w.alice.userId}`);
    expect(detail.status).toBe(200);
    const state = await stateOf(w);
    expect(state.paddle[0]).not.toEqual([]);
  });
});
