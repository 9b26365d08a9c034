// The hardening suites' world: the real server in demo mode, four personas (a signed-out visitor, a Free
// listener, a premium listener and the admin), HTTP helpers that keep the raw answer, and a snapshot of every
// table of the database to prove that a refused request changed nothing.
import { expect } from "bun:test";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { jsonOrUndefined } from "../../support/json.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { setUpForSuite } from "../../support/suite.ts";
import { createListener, signIn } from "../auth/flow.ts";

export type PersonaName = "visitor" | "free" | "premium" | "admin";

export interface Persona {
  name: PersonaName;
  /** `crate_session=…`, or null for the visitor */
  cookie: string | null;
  userId: string | null;
  spotifyId: string | null;
}

export interface Hardening {
  server: TestServer;
  personas: Record<PersonaName, Persona>;
  /** users whose activity is recorded (statistics enabled): their activity rows may grow on any call */
  statisticsUserIds: string[];
  dispose(): Promise<void>;
}

export const personaNames: readonly PersonaName[] = ["visitor", "free", "premium", "admin"];

export const knownErrorCodes = new Set<number>(Object.values(ErrorCode));

async function signedIn(server: TestServer, listener: string): Promise<Persona> {
  const steps = await signIn(server.url, listener);
  const token = steps.jar.values.get("crate_session");
  if (!token) throw new Error(`sign-in as ${listener} failed`);
  const cookie = `crate_session=${token}`;
  const me = await send(server.url, { method: "GET", path: "/api/user/id", cookie });
  const userId = String((me.json as { userId: string }).userId);
  return { name: "free", cookie, userId, spotifyId: listener };
}

/**
 * Starts the server and signs the personas in through the mounted Spotify emulator (three listeners with
 * three likes each; the third is the admin). The premium listener is
 * made PremiumYearly by the admin (the real admin call), and its statistics are enabled, so the activity
 * recorder sees hostile calls too.
 */
export async function startHardening(prefix: string): Promise<Hardening> {
  // A small admin of its own (the demo admin's library of a few hundred songs would only slow the snapshots).
  const server = await startTestServer({ ADMIN_SPOTIFY_IDS: `${prefix}-admin` });
  for (const role of ["free", "premium", "admin"]) await createListener(server.url, `${prefix}-${role}`, 3);
  const free = await signedIn(server, `${prefix}-free`);
  const premium = { ...(await signedIn(server, `${prefix}-premium`)), name: "premium" as const };
  const admin = { ...(await signedIn(server, `${prefix}-admin`)), name: "admin" as const };
  const asAdmin = (path: string, body?: unknown) =>
    send(server.url, { method: "POST", path, cookie: admin.cookie, json: body });
  const upgraded = await asAdmin(`/api/admin/user/user-id/${premium.userId}/membership`, {
    membershipLevel: "PremiumYearly",
  });
  expect(upgraded.status).toBe(200);
  const enabled = await asAdmin(`/api/admin/statistics/user/${premium.userId}/enable`);
  expect(enabled.status).toBe(200);
  // Sign-in reads each library in the background; the suites start once that work is done.
  await untilIdle(server, [free.userId, premium.userId, admin.userId]);
  return {
    server,
    personas: {
      visitor: { name: "visitor", cookie: null, userId: null, spotifyId: null },
      free,
      premium,
      admin,
    },
    statisticsUserIds: [premium.userId ?? ""],
    dispose: () => server.dispose(),
  };
}

/** startHardening for the whole file, before its own hooks; disposed of after its tests. */
export const setUpHardening = (prefix: string): Hardening =>
  setUpForSuite(
    () => startHardening(prefix),
    (h) => h.dispose(),
  );

/** Waits until none of the users has background work queued or running. */
export async function untilIdle(server: TestServer, userIds: (string | null)[], timeoutMs = 30_000) {
  const work = server.deps.work;
  const until = Date.now() + timeoutMs;
  while (userIds.some((id) => id !== null && work.isBusy(id))) {
    if (Date.now() > until) throw new Error("background work did not finish");
    await Bun.sleep(10);
  }
}

// ── HTTP ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface Request {
  method: string;
  /** path and query, starting with /api */
  path: string;
  cookie?: string | null;
  /** a value sent as JSON (content-type application/json unless `contentType` says otherwise) */
  json?: unknown;
  /** raw body text (wins over `json`) */
  text?: string;
  /** raw body bytes or stream (wins over `text`) */
  raw?: BodyInit;
  /** null: no content-type header at all */
  contentType?: string | null;
  /** the Origin header; the server's own origin unless given (null: none) */
  origin?: string | null;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  contentType: string | null;
  location: string | null;
  text: string;
  /** the parsed body, or undefined when it is not JSON */
  json: unknown;
}

export async function send(baseUrl: string, request: Request): Promise<Answer> {
  const headers = new Headers(request.headers);
  const origin = request.origin === undefined ? baseUrl : request.origin;
  if (origin !== null) headers.set("origin", origin);
  if (request.cookie) headers.set("cookie", request.cookie);
  let body: BodyInit | undefined;
  if (request.raw !== undefined) body = request.raw;
  else if (request.text !== undefined) body = request.text;
  else if (request.json !== undefined) body = JSON.stringify(request.json);
  if (body !== undefined && request.contentType === undefined)
    headers.set("content-type", "application/json");
  if (request.contentType) headers.set("content-type", request.contentType);
  if (request.contentType === null) headers.delete("content-type");
  const res = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  const json = jsonOrUndefined(text);
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    location: res.headers.get("location"),
    text,
    json,
  };
}

/** A one-line description of a request and its answer, for failure messages. */
export function explain(request: Request, answer?: Answer): string {
  const body =
    request.raw !== undefined
      ? "<raw>"
      : (request.text ?? (request.json === undefined ? "" : JSON.stringify(request.json)));
  const shown = body.length > 200 ? `${body.slice(0, 200)}…(${body.length} chars)` : body;
  const path = request.path.length > 200 ? `${request.path.slice(0, 200)}…` : request.path;
  const head = `${request.method} ${path} ct=${request.contentType ?? "-"} body=${shown}`;
  return answer ? `${head} → ${answer.status} ${answer.text.slice(0, 300)}` : head;
}

/** A REST refusal: JSON `{error, errorCode}` with a string error and a code from the catalogue. */
export function isRestRefusal(answer: Answer): boolean {
  const body = answer.json as { error?: unknown; errorCode?: unknown } | undefined;
  return (
    (answer.contentType ?? "").startsWith("application/json") &&
    typeof body === "object" &&
    body !== null &&
    typeof body.error === "string" &&
    body.error.length > 0 &&
    typeof body.errorCode === "number" &&
    knownErrorCodes.has(body.errorCode)
  );
}

export interface TrpcError {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; errorCode: number };
}

/** The error of one tRPC result (a single call's body or one element of a batch), or null when it succeeded. */
export function trpcErrorOf(item: unknown): TrpcError | null {
  if (typeof item !== "object" || item === null || !("error" in item)) return null;
  const error = (item as { error: unknown }).error;
  return typeof error === "object" && error !== null ? (error as TrpcError) : null;
}

/** A tRPC refusal: JSON with `error.message` and `error.data.errorCode` from the catalogue. */
export function isTrpcRefusal(error: TrpcError | null): boolean {
  return (
    error !== null &&
    typeof error.message === "string" &&
    typeof error.data === "object" &&
    error.data !== null &&
    typeof error.data.errorCode === "number" &&
    knownErrorCodes.has(error.data.errorCode) &&
    typeof error.data.httpStatus === "number" &&
    error.data.httpStatus >= 400 &&
    error.data.httpStatus < 500
  );
}

// ── Database snapshot ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Columns that legitimately change on any call: a session's last-seen time (touched at most every ten minutes
 * by every signed-in call). Nothing else is ignored.
 */
const volatileColumns: Record<string, readonly string[]> = { sessions: ["last_seen_at"] };

/**
 * The operator's chart history: the app's own counters (provider calls per hour, active listeners per day),
 * flushed from memory every minute and before a chart read, whatever the request's input. Not request data.
 */
const operatorHistoryTables = new Set([
  "provider_call_hours",
  "active_listener_days",
  // Spotify calls per hour and kind, and the quota's pauses: flushed from memory before a statistics read
  "spotify_call_hours",
  "spotify_quota_pauses",
]);
/** sign-in states /api/authorize hands out: short-lived, like the cookie that carries each to the callback */
const transientTables = new Set(["oauth_states"]);

export interface Snapshot {
  /** table → "rows:hash" over every row (sorted), without the volatile columns */
  tables: Map<string, string>;
  /** activity rows of users with statistics enabled, in insertion order (they may only be appended to) */
  recordedActivity: string[];
}

function canonicalRow(row: Record<string, unknown>, skip: readonly string[]): string {
  const values = Object.keys(row)
    .filter((column) => !skip.includes(column))
    .sort()
    .map((column) => {
      const value = row[column];
      if (value instanceof Uint8Array) return [column, `bytes:${Buffer.from(value).toString("base64")}`];
      return [column, value];
    });
  return JSON.stringify(values);
}

/** Every table's row count and a content hash; activity of statistics users is kept apart. */
export function snapshot(h: Pick<Hardening, "server" | "statisticsUserIds">): Snapshot {
  const sqlite = h.server.deps.db.$client;
  const names = sqlite
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);
  const tables = new Map<string, string>();
  const recordedActivity: string[] = [];
  const statisticsUsers = new Set(h.statisticsUserIds);
  for (const name of names) {
    if (operatorHistoryTables.has(name) || transientTables.has(name)) continue;
    let rows = sqlite.query<Record<string, unknown>, []>(`SELECT * FROM "${name}"`).all();
    if (name === "activity") {
      const ordered = [...rows].sort((a, b) => Number(a.id) - Number(b.id));
      for (const row of ordered) {
        if (statisticsUsers.has(String(row.user_id))) recordedActivity.push(canonicalRow(row, []));
      }
      rows = rows.filter((row) => !statisticsUsers.has(String(row.user_id)));
    }
    const lines = rows.map((row) => canonicalRow(row, volatileColumns[name] ?? [])).sort();
    const hash = new Bun.CryptoHasher("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
    tables.set(name, `${rows.length}:${hash}`);
  }
  return { tables, recordedActivity };
}

/** What differs between two snapshots (empty when the database is unchanged). */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const found: string[] = [];
  for (const [name, state] of after.tables) {
    const was = before.tables.get(name);
    if (was !== state) found.push(`${name}: ${was ?? "absent"} → ${state}`);
  }
  for (const name of before.tables.keys()) if (!after.tables.has(name)) found.push(`${name}: dropped`);
  const kept = after.recordedActivity.slice(0, before.recordedActivity.length);
  if (kept.join("\n") !== before.recordedActivity.join("\n")) found.push("activity: recorded rows changed");
  return found;
}

/** Recorded activity may only gain rows naming a call: "tRPC a.b" or "METHOD /route/:pattern". */
export function expectActivityWellFormed(before: Snapshot, after: Snapshot): void {
  for (const line of after.recordedActivity.slice(before.recordedActivity.length)) {
    const kind = String((JSON.parse(line) as [string, unknown][]).find(([column]) => column === "kind")?.[1]);
    expect(kind.length).toBeLessThanOrEqual(120);
    expect(kind).toMatch(/^(tRPC [\w.]+|(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \/api\/[\w/:.-]*)$/);
  }
}

/** Provider calls that change something on Spotify (anything but GET), from the emulator's call log. */
export async function spotifyWrites(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/emulator/spotify/control/calls`);
  const log = (await res.json()) as { counts: Record<string, number> };
  return Object.entries(log.counts)
    .filter(([endpoint]) => !endpoint.startsWith("GET "))
    .reduce((sum, [, n]) => sum + n, 0);
}
