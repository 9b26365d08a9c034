// The control API over HTTP (JSON), mirroring SpotifyEmulatorControl. Faults never apply here.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { loopbackOnly } from "../common/loopback.ts";
import { ControlError, type SpotifyEmulatorControl } from "./control.ts";
import { FaultSettingsSchema } from "./model/faults.ts";
import { QuotaSettingsSchema } from "./model/quota.ts";

/** 10,000 track ids a call fit well within this. */
export const CONTROL_MAX_BODY_BYTES = 2 * 1024 * 1024;
/** More than the catalogue has tracks; a listener cannot like more. */
const MAX_LIKES = 1_000_000;

const NewListenerSchema = z.object({
  id: z.string(),
  likes: z.number().int().min(0).max(MAX_LIKES),
  seed: z.number().int().optional(),
  displayName: z.string().min(1).max(100).optional(),
  product: z.enum(["free", "premium"]).optional(),
});

const LikeSchema = z
  .object({
    trackIds: z.array(z.string()).min(1).max(10_000).optional(),
    count: z.number().int().min(1).max(40_000).optional(),
    addedAt: z.string().optional(),
  })
  .refine((v) => v.trackIds === undefined || v.count === undefined, "give trackIds or count, not both");

const NewPlaylistSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(300).optional(),
  public: z.boolean().optional(),
});
const GrantLifetimeSchema = z.object({ lifetimeSec: z.number().int().min(1).nullable() });
const ItemsSchema = z.object({
  trackIds: z.array(z.string()).min(1).max(10_000),
  position: z.number().int().min(0).optional(),
});

export async function body<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ControlError(400, "The body is not JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ControlError(400, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/**
 * A control app: loopback clients only, JSON bodies up to CONTROL_MAX_BODY_BYTES, a ControlError answered as
 * `{error}`.
 */
export function jsonControlApp(): Hono {
  const app = new Hono().use("*", loopbackOnly);
  app.use(
    "*",
    bodyLimit({
      maxSize: CONTROL_MAX_BODY_BYTES,
      onError: (c) => c.json({ error: "The body is too large" }, 413),
    }),
  );
  app.onError((error, c) => {
    if (error instanceof ControlError) return c.json({ error: error.message }, error.status);
    throw error;
  });
  return app;
}

export function controlApp(control: SpotifyEmulatorControl): Hono {
  const app = jsonControlApp();

  app.get("/listeners", (c) => c.json({ listeners: control.listeners() }));
  app.post("/listeners", async (c) => c.json(control.createListener(await body(c, NewListenerSchema)), 201));
  app.get("/listeners/:id/likes", (c) => c.json({ likes: control.likes(c.req.param("id")) }));
  app.post("/listeners/:id/likes", async (c) =>
    c.json({ liked: control.like(c.req.param("id"), await body(c, LikeSchema)) }),
  );
  app.delete("/listeners/:id/likes/:trackId", (c) =>
    c.json({ removed: control.unlike(c.req.param("id"), c.req.param("trackId")) }),
  );
  app.get("/listeners/:id/playlists", (c) => {
    const includeDeleted = c.req.query("includeDeleted") === "true";
    return c.json({ playlists: control.listenerPlaylists(c.req.param("id"), { includeDeleted }) });
  });
  app.delete("/listeners/:id/playlists/:playlistId", (c) => {
    const hard = c.req.query("hard");
    if (hard !== undefined && hard !== "true" && hard !== "false")
      throw new ControlError(400, "hard: true or false");
    control.deletePlaylist(c.req.param("id"), c.req.param("playlistId"), { hard: hard === "true" });
    return c.json({ deleted: true, hard: hard === "true" });
  });
  app.post("/listeners/:id/playlists", async (c) =>
    c.json(control.createPlaylist(c.req.param("id"), await body(c, NewPlaylistSchema)), 201),
  );
  app.put("/listeners/:id/followed/:playlistId", (c) => {
    control.followPlaylist(c.req.param("id"), c.req.param("playlistId"));
    return c.json({ followed: true });
  });
  app.post("/listeners/:id/revoke", (c) => c.json({ revoked: control.revoke(c.req.param("id")) }));
  app.post("/listeners/:id/end-grant", (c) => c.json({ ended: control.endGrant(c.req.param("id")) }));
  app.put("/grants", async (c) => {
    const { lifetimeSec } = await body(c, GrantLifetimeSchema);
    control.setGrantLifetime(lifetimeSec === null ? null : lifetimeSec * 1000);
    return c.json({ lifetimeSec });
  });
  app.get("/quota", (c) => c.json(control.quota()));
  app.put("/quota", async (c) => c.json(control.setQuota(await body(c, QuotaSettingsSchema))));
  app.post("/quota/exhaust", (c) => c.json(control.exhaustQuota()));

  app.get("/playlists/:id", (c) => {
    const playlist = control.playlist(c.req.param("id"));
    return playlist ? c.json(playlist) : c.json({ error: "Unknown playlist" }, 404);
  });
  app.post("/playlists/:id/items", async (c) => {
    const { trackIds, position } = await body(c, ItemsSchema);
    return c.json({ total: control.addPlaylistItems(c.req.param("id"), trackIds, position) });
  });
  app.delete("/playlists/:id/items/:trackId", (c) =>
    c.json({ removed: control.removePlaylistItem(c.req.param("id"), c.req.param("trackId")) }),
  );

  app.get("/tracks/:id", (c) => {
    const track = control.track(c.req.param("id"));
    return track ? c.json(track) : c.json({ error: "Unknown track" }, 404);
  });

  app.get("/calls", (c) => c.json(control.calls()));
  app.delete("/calls", (c) => {
    control.resetCalls();
    return c.json(control.calls());
  });
  app.get("/faults", (c) => c.json(control.faults()));
  app.get("/app", (c) => c.json({ app: control.app() }));
  app.put("/app", async (c) =>
    c.json({
      app: control.setApp((await body(c, z.object({ app: z.enum(["development", "extended"]) }))).app),
    }),
  );
  app.put("/faults", async (c) => c.json(control.setFaults(await body(c, FaultSettingsSchema))));
  app.post("/tokens/expire", (c) => c.json({ expired: control.expireTokens() }));

  app.notFound((c) => c.json({ error: "Unknown control path" }, 404));
  return app;
}
