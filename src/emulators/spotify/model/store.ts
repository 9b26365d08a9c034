// Durable copy of the emulator's mutable state (listeners, like changes, playlists, tokens) in SQLite.
// The catalogue and initial likes are not stored: they are regenerated from the seed.
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export interface StoredListener {
  id: string;
  displayName: string;
  product: "free" | "premium";
  initialLikes: number;
  likesSeed: number;
}

export interface StoredLikeChange {
  userId: string;
  trackId: string;
  /** set for a like, null for an unlike of an initial like */
  addedAt: number | null;
  seq: number;
}

export interface StoredPlaylist {
  id: string;
  ownerId: string;
  name: string;
  isPublic: boolean;
  collaborative: boolean;
  description: string | null;
  version: number;
  /** gone for good: the Web API answers 404 (a control-only hard delete) */
  deleted: boolean;
  createdSeq: number;
  /** the owner removed it from their library (Spotify's "delete"): it still exists and accepts writes */
  unfollowed: boolean;
  /** other listeners who saved it to their library */
  followers: string[];
}

export interface StoredItem {
  trackId: string;
  addedAt: number;
  addedBy: string;
}

export interface StoredToken {
  token: string;
  kind: "access" | "refresh";
  userId: string;
  clientId: string;
  scope: string;
  expiresAt: number | null;
  revoked: boolean;
  refreshCount: number;
}

export interface LoadedState {
  meta: Map<string, string>;
  listeners: StoredListener[];
  likeChanges: StoredLikeChange[];
  playlists: { playlist: StoredPlaylist; items: StoredItem[] }[];
  tokens: StoredToken[];
}

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS listeners (id TEXT PRIMARY KEY, display_name TEXT NOT NULL, product TEXT NOT NULL,
  initial_likes INTEGER NOT NULL, likes_seed INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS like_changes (user_id TEXT NOT NULL, track_id TEXT NOT NULL, added_at INTEGER,
  seq INTEGER NOT NULL, PRIMARY KEY (user_id, track_id));
CREATE TABLE IF NOT EXISTS playlists (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, name TEXT NOT NULL,
  public INTEGER NOT NULL, collaborative INTEGER NOT NULL, description TEXT, version INTEGER NOT NULL,
  deleted INTEGER NOT NULL, created_seq INTEGER NOT NULL, unfollowed INTEGER NOT NULL DEFAULT 0,
  followers TEXT NOT NULL DEFAULT '[]');
CREATE TABLE IF NOT EXISTS playlist_items (playlist_id TEXT NOT NULL, pos INTEGER NOT NULL, track_id TEXT NOT NULL,
  added_at INTEGER NOT NULL, added_by TEXT NOT NULL, PRIMARY KEY (playlist_id, pos));
CREATE TABLE IF NOT EXISTS tokens (token TEXT PRIMARY KEY, kind TEXT NOT NULL, user_id TEXT NOT NULL,
  client_id TEXT NOT NULL, scope TEXT NOT NULL, expires_at INTEGER, revoked INTEGER NOT NULL,
  refresh_count INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS tokens_user_id_idx ON tokens (user_id);
`;

/** Writes are synchronous and committed before the emulator answers, so a killed process loses nothing. */
export interface StateStore {
  /** `now` decides which access tokens are too old to keep */
  load(now: number): LoadedState;
  setMeta(key: string, value: string): void;
  saveListener(listener: StoredListener): void;
  saveLikeChange(change: StoredLikeChange): void;
  deleteLikeChange(userId: string, trackId: string): void;
  savePlaylist(playlist: StoredPlaylist): void;
  appendItems(playlistId: string, from: number, items: readonly StoredItem[]): void;
  replaceItems(playlistId: string, items: readonly StoredItem[]): void;
  saveToken(token: StoredToken): void;
  expireAccessTokens(at: number): void;
  revokeTokens(userId: string): void;
  transaction(fn: () => void): void;
  close(): void;
}

export function memoryStore(): StateStore {
  const none = () => {};
  return {
    load: () => ({ meta: new Map(), listeners: [], likeChanges: [], playlists: [], tokens: [] }),
    setMeta: none,
    saveListener: none,
    saveLikeChange: none,
    deleteLikeChange: none,
    savePlaylist: none,
    appendItems: none,
    replaceItems: none,
    saveToken: none,
    expireAccessTokens: none,
    revokeTokens: none,
    transaction: (fn) => fn(),
    close: none,
  };
}

export function sqliteStore(path: string): StateStore {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true });
  db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;");
  db.exec(schema);
  const playlistColumns = db.query<{ name: string }, []>("PRAGMA table_info(playlists)").all();
  if (!playlistColumns.some((c) => c.name === "unfollowed")) {
    // A state file from before unfollowing was told apart from deleting.
    db.exec("ALTER TABLE playlists ADD COLUMN unfollowed INTEGER NOT NULL DEFAULT 0");
  }
  if (!playlistColumns.some((c) => c.name === "followers")) {
    db.exec("ALTER TABLE playlists ADD COLUMN followers TEXT NOT NULL DEFAULT '[]'");
  }
  const q = {
    meta: db.query(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    ),
    listener: db.query("INSERT OR REPLACE INTO listeners VALUES (?, ?, ?, ?, ?)"),
    like: db.query("INSERT OR REPLACE INTO like_changes VALUES (?, ?, ?, ?)"),
    unlike: db.query("DELETE FROM like_changes WHERE user_id = ? AND track_id = ?"),
    playlist: db.query(
      `INSERT OR REPLACE INTO playlists (id, owner_id, name, public, collaborative, description, version, deleted,
         created_seq, unfollowed, followers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    item: db.query("INSERT INTO playlist_items VALUES (?, ?, ?, ?, ?)"),
    clearItems: db.query("DELETE FROM playlist_items WHERE playlist_id = ?"),
    token: db.query("INSERT OR REPLACE INTO tokens VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
    expire: db.query("UPDATE tokens SET expires_at = ? WHERE kind = 'access' AND expires_at > ?"),
    revoke: db.query("UPDATE tokens SET revoked = 1 WHERE user_id = ?"),
  };
  const insertItems = (playlistId: string, from: number, items: readonly StoredItem[]) => {
    items.forEach((item, i) => {
      q.item.run(playlistId, from + i, item.trackId, item.addedAt, item.addedBy);
    });
  };
  const tx = db.transaction((fn: () => void) => fn());

  return {
    load(now) {
      // Access tokens that expired more than a day ago are of no use to anyone.
      db.query("DELETE FROM tokens WHERE kind = 'access' AND expires_at < ?").run(now - 86_400_000);
      const meta = new Map(
        db
          .query<{ key: string; value: string }, []>("SELECT key, value FROM meta")
          .all()
          .map((r) => [r.key, r.value]),
      );
      type ListenerRow = {
        id: string;
        display_name: string;
        product: "free" | "premium";
        initial_likes: number;
        likes_seed: number;
      };
      const listeners = db
        .query<ListenerRow, []>("SELECT * FROM listeners ORDER BY rowid")
        .all()
        .map((r) => ({
          id: r.id,
          displayName: r.display_name,
          product: r.product,
          initialLikes: r.initial_likes,
          likesSeed: r.likes_seed,
        }));
      type LikeRow = { user_id: string; track_id: string; added_at: number | null; seq: number };
      const likeChanges = db
        .query<LikeRow, []>("SELECT * FROM like_changes ORDER BY seq")
        .all()
        .map((r) => ({ userId: r.user_id, trackId: r.track_id, addedAt: r.added_at, seq: r.seq }));
      type PlaylistRow = {
        id: string;
        owner_id: string;
        name: string;
        public: number;
        collaborative: number;
        description: string | null;
        version: number;
        deleted: number;
        created_seq: number;
        unfollowed: number;
        followers: string;
      };
      type ItemRow = { track_id: string; added_at: number; added_by: string };
      const itemsOf = db.query<ItemRow, [string]>(
        "SELECT track_id, added_at, added_by FROM playlist_items WHERE playlist_id = ? ORDER BY pos",
      );
      const playlists = db
        .query<PlaylistRow, []>("SELECT * FROM playlists ORDER BY created_seq")
        .all()
        .map((r) => ({
          playlist: {
            id: r.id,
            ownerId: r.owner_id,
            name: r.name,
            isPublic: r.public === 1,
            collaborative: r.collaborative === 1,
            description: r.description,
            version: r.version,
            deleted: r.deleted === 1,
            createdSeq: r.created_seq,
            unfollowed: r.unfollowed === 1,
            followers: JSON.parse(r.followers) as string[],
          },
          items: itemsOf
            .all(r.id)
            .map((i) => ({ trackId: i.track_id, addedAt: i.added_at, addedBy: i.added_by })),
        }));
      type TokenRow = {
        token: string;
        kind: "access" | "refresh";
        user_id: string;
        client_id: string;
        scope: string;
        expires_at: number | null;
        revoked: number;
        refresh_count: number;
      };
      const tokens = db
        .query<TokenRow, []>("SELECT * FROM tokens")
        .all()
        .map((r) => ({
          token: r.token,
          kind: r.kind,
          userId: r.user_id,
          clientId: r.client_id,
          scope: r.scope,
          expiresAt: r.expires_at,
          revoked: r.revoked === 1,
          refreshCount: r.refresh_count,
        }));
      return { meta, listeners, likeChanges, playlists, tokens };
    },
    setMeta: (key, value) => void q.meta.run(key, value),
    saveListener: (l) => void q.listener.run(l.id, l.displayName, l.product, l.initialLikes, l.likesSeed),
    saveLikeChange: (c) => void q.like.run(c.userId, c.trackId, c.addedAt, c.seq),
    deleteLikeChange: (userId, trackId) => void q.unlike.run(userId, trackId),
    savePlaylist: (p) =>
      void q.playlist.run(
        p.id,
        p.ownerId,
        p.name,
        p.isPublic ? 1 : 0,
        p.collaborative ? 1 : 0,
        p.description,
        p.version,
        p.deleted ? 1 : 0,
        p.createdSeq,
        p.unfollowed ? 1 : 0,
        JSON.stringify(p.followers),
      ),
    appendItems: (playlistId, from, items) => insertItems(playlistId, from, items),
    replaceItems: (playlistId, items) => {
      q.clearItems.run(playlistId);
      insertItems(playlistId, 0, items);
    },
    saveToken: (t) =>
      void q.token.run(
        t.token,
        t.kind,
        t.userId,
        t.clientId,
        t.scope,
        t.expiresAt,
        t.revoked ? 1 : 0,
        t.refreshCount,
      ),
    expireAccessTokens: (at) => void q.expire.run(at, at),
    revokeTokens: (userId) => void q.revoke.run(userId),
    transaction: (fn) => tx(fn),
    close: () => db.close(),
  };
}
