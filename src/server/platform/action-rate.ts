// How often one listener may take an action that costs the server work (a download of their data, a change of
// settings): a sliding window of the times they took it, kept per database connection like the other per-app
// memories (db/read-memo.ts), so two apps in one process share none.
const windowsByConnection = new WeakMap<object, Map<string, number[]>>();

/** Counts one `action` of `userId` at `now`; false (and not counted) past `limit` within `windowMs`. */
export function admitAction(
  connection: object,
  action: string,
  userId: string,
  rule: { limit: number; windowMs: number },
  now: number,
): boolean {
  let windows = windowsByConnection.get(connection);
  if (!windows) {
    windows = new Map();
    windowsByConnection.set(connection, windows);
  }
  const key = `${action}:${userId}`;
  const recent = (windows.get(key) ?? []).filter((at) => at > now - rule.windowMs && at <= now);
  const admitted = recent.length < rule.limit;
  if (admitted) recent.push(now);
  windows.set(key, recent);
  // Listeners who have gone quiet are forgotten now and then.
  if (windows.size > 10_000) {
    for (const [id, times] of windows) if ((times.at(-1) ?? 0) <= now - rule.windowMs) windows.delete(id);
  }
  return admitted;
}
