// The Paddle emulator's state: entities as Paddle-shaped JSON, sent notifications and a few settings, in SQLite
// (a file beside Crate's database, or ":memory:").
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export type EntityKind = "price" | "customer" | "subscription" | "transaction" | "adjustment";

export type DeliveryStatus = "held" | "delivered" | "failed";

export interface StoredNotification {
  seq: number;
  notificationId: string;
  eventId: string;
  eventType: string;
  occurredAt: string;
  subscriptionId: string | null;
  /** the exact JSON body that is signed and posted */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  lastResponseStatus: number | null;
  /** epoch ms of the last delivery attempt; null before the first */
  lastAttemptAt: number | null;
}

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entities (kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL,
  PRIMARY KEY (kind, id));
CREATE TABLE IF NOT EXISTS notifications (seq INTEGER PRIMARY KEY AUTOINCREMENT, notification_id TEXT NOT NULL UNIQUE,
  event_id TEXT NOT NULL, event_type TEXT NOT NULL, occurred_at TEXT NOT NULL, subscription_id TEXT,
  payload TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL, last_response_status INTEGER,
  last_attempt_at INTEGER);
CREATE INDEX IF NOT EXISTS notifications_event_id_idx ON notifications (event_id);
`;

interface NotificationRow {
  seq: number;
  notification_id: string;
  event_id: string;
  event_type: string;
  occurred_at: string;
  subscription_id: string | null;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  last_response_status: number | null;
  last_attempt_at: number | null;
}

const toNotification = (r: NotificationRow): StoredNotification => ({
  seq: r.seq,
  notificationId: r.notification_id,
  eventId: r.event_id,
  eventType: r.event_type,
  occurredAt: r.occurred_at,
  subscriptionId: r.subscription_id,
  payload: r.payload,
  status: r.status,
  attempts: r.attempts,
  lastResponseStatus: r.last_response_status,
  lastAttemptAt: r.last_attempt_at,
});

export class PaddleStore {
  private readonly db: Database;
  private entitySeq = 0;

  constructor(path: string | undefined) {
    const file = path ?? ":memory:";
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file, { create: true });
    if (file !== ":memory:") this.db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
    this.db.exec("PRAGMA busy_timeout=5000;");
    this.db.exec(schema);
    // State files written before retries were emulated lack the column.
    const columns = this.db.query("PRAGMA table_info(notifications)").all() as { name: string }[];
    if (!columns.some((c) => c.name === "last_attempt_at"))
      this.db.exec("ALTER TABLE notifications ADD COLUMN last_attempt_at INTEGER");
    const row = this.db.query("SELECT MAX(seq) AS seq FROM entities").get() as { seq: number | null } | null;
    this.entitySeq = row?.seq ?? 0;
  }

  getMeta(key: string): string | undefined {
    const row = this.db.query("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | null;
    return row?.value;
  }

  setMeta(key: string, value: string | null): void {
    if (value === null) this.db.query("DELETE FROM meta WHERE key = ?").run(key);
    else
      this.db
        .query(
          "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        )
        .run(key, value);
  }

  get<T>(kind: EntityKind, id: string): T | undefined {
    const row = this.db.query("SELECT json FROM entities WHERE kind = ? AND id = ?").get(kind, id) as {
      json: string;
    } | null;
    return row ? (JSON.parse(row.json) as T) : undefined;
  }

  put(kind: EntityKind, id: string, entity: unknown): void {
    this.entitySeq += 1;
    this.db
      .query(
        "INSERT INTO entities (kind, id, seq, json) VALUES (?, ?, ?, ?) ON CONFLICT(kind, id) DO UPDATE SET json = excluded.json",
      )
      .run(kind, id, this.entitySeq, JSON.stringify(entity));
  }

  /** entities of a kind in creation order */
  list<T>(kind: EntityKind): T[] {
    const rows = this.db.query("SELECT json FROM entities WHERE kind = ? ORDER BY seq").all(kind) as {
      json: string;
    }[];
    return rows.map((r) => JSON.parse(r.json) as T);
  }

  addNotification(
    n: Omit<StoredNotification, "seq" | "attempts" | "lastResponseStatus" | "lastAttemptAt">,
  ): StoredNotification {
    const row = this.db
      .query(
        `INSERT INTO notifications (notification_id, event_id, event_type, occurred_at, subscription_id, payload, status,
           attempts, last_response_status) VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL) RETURNING *`,
      )
      .get(
        n.notificationId,
        n.eventId,
        n.eventType,
        n.occurredAt,
        n.subscriptionId,
        n.payload,
        n.status,
      ) as NotificationRow;
    return toNotification(row);
  }

  recordAttempt(
    notificationId: string,
    status: DeliveryStatus,
    responseStatus: number | null,
    at: number,
  ): void {
    this.db
      .query(
        `UPDATE notifications SET status = ?, attempts = attempts + 1, last_response_status = ?, last_attempt_at = ?
           WHERE notification_id = ?`,
      )
      .run(status, responseStatus, at, notificationId);
  }

  /** Failed notifications that were attempted at least once and at most `maxAttempts` times, oldest first. */
  failedAttempted(maxAttempts: number): StoredNotification[] {
    const rows = this.db
      .query("SELECT * FROM notifications WHERE status = 'failed' AND attempts BETWEEN 1 AND ? ORDER BY seq")
      .all(maxAttempts) as NotificationRow[];
    return rows.map(toNotification);
  }

  notifications(filter: { subscriptionId?: string; status?: DeliveryStatus } = {}): StoredNotification[] {
    const rows = this.db.query("SELECT * FROM notifications ORDER BY seq").all() as NotificationRow[];
    return rows
      .map(toNotification)
      .filter(
        (n) =>
          (filter.subscriptionId === undefined || n.subscriptionId === filter.subscriptionId) &&
          (filter.status === undefined || n.status === filter.status),
      );
  }

  findNotification(idOrEventId: string): StoredNotification | undefined {
    const row = this.db
      .query("SELECT * FROM notifications WHERE notification_id = ? OR event_id = ? ORDER BY seq LIMIT 1")
      .get(idOrEventId, idOrEventId) as NotificationRow | null;
    return row ? toNotification(row) : undefined;
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    this.db.close();
  }
}
