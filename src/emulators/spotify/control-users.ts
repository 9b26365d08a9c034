// Control paths for who may use the app and how Spotify names them: development mode's registered users
// (at most 5) and renaming a listener's Spotify id. JSON; faults never apply here.
import type { Hono } from "hono";
import { z } from "zod";
import { ControlError } from "./control.ts";
import { body, jsonControlApp } from "./control-routes.ts";
import { MAX_REGISTERED_USERS } from "./model/registered-users.ts";
import type { EmulatorRuntime } from "./model/runtime.ts";

const RegisteredUsersSchema = z.object({
  users: z.array(z.string().min(1).max(100)).max(MAX_REGISTERED_USERS).optional(),
  restricted: z.boolean().optional(),
});

/** Spotify user ids: letters, digits, dot, underscore, hyphen. */
const RenameSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "a Spotify user id") });

export function controlUsersApp(runtime: EmulatorRuntime): Hono {
  const app = jsonControlApp();

  app.get("/registered-users", (c) => c.json(runtime.registeredUsers().get()));
  /** `{users?, restricted?}`: the registered listeners (default: as now) and whether only they may call (default true). */
  app.put("/registered-users", async (c) => {
    const input = await body(c, RegisteredUsersSchema);
    const registered = runtime.registeredUsers();
    const users = input.users ?? registered.get().users;
    if (new Set(users).size > MAX_REGISTERED_USERS) {
      throw new ControlError(400, `users: at most ${MAX_REGISTERED_USERS}`);
    }
    registered.set({ users, restricted: input.restricted ?? true });
    return c.json(registered.get());
  });
  app.delete("/registered-users", (c) => {
    runtime.registeredUsers().reset();
    return c.json(runtime.registeredUsers().get());
  });

  /** The listener's Spotify id changes; their account id and everything they have stay. */
  app.post("/listeners/:id/rename", async (c) => {
    const listenerId = c.req.param("id");
    const { id } = await body(c, RenameSchema);
    const world = runtime.world();
    if (!world.listener(listenerId)) throw new ControlError(404, `Unknown listener: ${listenerId}`);
    const ids = runtime.userIds();
    const holder = ids.listenerWith(id, world.listeners.keys());
    if ((holder !== undefined && holder !== listenerId) || (id !== listenerId && world.listener(id))) {
      throw new ControlError(409, `Spotify id ${id} is taken`);
    }
    ids.rename(listenerId, id);
    return c.json({
      listener: listenerId,
      id: ids.spotifyId(listenerId),
      accountId: ids.accountId(listenerId),
    });
  });
  return app;
}
