// What every part of the emulator shares: options, clock, faults, and the lazily built world and tokens.
import { buildCatalogue, type Catalogue, type CatalogueSize, defaultCatalogueSize } from "./catalogue.ts";
import { catalogueGenreStrings } from "./catalogue-genres.ts";
import { FaultInjector } from "./faults.ts";
import { buildGenrePool } from "./genre-pool.ts";
import { demoListeners } from "./listeners.ts";
import { DeveloperQuota } from "./quota.ts";
import { RegisteredUsers } from "./registered-users.ts";
import type { LoopStall } from "./retry-after-watch.ts";
import { World } from "./state.ts";
import { memoryStore, type StateStore, sqliteStore } from "./store.ts";
import { TokenBook } from "./tokens.ts";
import { UserIds } from "./user-ids.ts";

export interface RuntimeOptions {
  clientId: string;
  clientSecret: string;
  statePath?: string;
  seed: number;
  accessTokenTtlSec: number;
  /** a refresh token's life from the authorization it came from; null: 6 calendar months, as Spotify */
  grantLifetimeMs?: number | null;
  now: () => number;
  /** the clock of the rate limit, Retry-Afters, latency and stalls (tests run it faster, Crate's client alike) */
  faultTime: FaultTime;
  catalogueSize?: CatalogueSize;
}

export interface FaultTime {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** calls this soon after a client's first 429 of a wait were already on their way (RetryAfterWatch) */
  inFlightGraceMs?: number;
  /** in a process shared with the client (tests): how long its event loop stood still (RetryAfterWatch) */
  loopStall?: LoopStall;
}

export interface EmulatorRuntime {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly seed: number;
  now(): number;
  readonly faultTime: FaultTime;
  readonly faults: FaultInjector;
  /** the developer account's request quota (off unless configured) */
  readonly quota: DeveloperQuota;
  /** built on first use (the catalogue takes a few hundred milliseconds) */
  world(): World;
  tokens(): TokenBook;
  /** development mode's list of registered users */
  registeredUsers(): RegisteredUsers;
  /** listeners' Spotify ids (renamable) and account ids */
  userIds(): UserIds;
  close(): void;
}

const catalogues = new Map<string, Catalogue>();

/** Catalogues are immutable, so emulators with the same seed in one process share one (the metadata emulators too). */
export function catalogueFor(seed: number, size: CatalogueSize): Catalogue {
  const key = `${seed}:${size.artists}:${size.tracks}`;
  let catalogue = catalogues.get(key);
  if (!catalogue) {
    catalogue = buildCatalogue(seed, buildGenrePool(catalogueGenreStrings()), size);
    catalogues.set(key, catalogue);
  }
  return catalogue;
}

export function createRuntime(options: RuntimeOptions): EmulatorRuntime {
  let loaded: {
    world: World;
    tokens: TokenBook;
    store: StateStore;
    registeredUsers: RegisteredUsers;
    userIds: UserIds;
  } | null = null;
  let closed = false;
  const load = () => {
    if (closed) throw new Error("The Spotify emulator is closed");
    if (!loaded) {
      const store = options.statePath ? sqliteStore(options.statePath) : memoryStore();
      const state = store.load(options.now());
      const catalogue = catalogueFor(options.seed, options.catalogueSize ?? defaultCatalogueSize);
      loaded = {
        store,
        world: new World(catalogue, store, options.now, state),
        tokens: new TokenBook(
          store,
          options.now,
          options.accessTokenTtlSec,
          state.tokens,
          options.grantLifetimeMs,
        ),
        registeredUsers: new RegisteredUsers(
          store,
          demoListeners(options.seed).map((l) => l.id),
          state.meta.get("registeredUsers"),
        ),
        userIds: new UserIds(options.seed, store, state.meta.get("renamedUsers")),
      };
    }
    return loaded;
  };
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    seed: options.seed,
    now: options.now,
    faultTime: options.faultTime,
    faults: new FaultInjector(
      options.faultTime.now,
      options.faultTime.inFlightGraceMs,
      options.faultTime.loopStall,
    ),
    quota: new DeveloperQuota(options.now),
    world: () => load().world,
    tokens: () => load().tokens,
    registeredUsers: () => load().registeredUsers,
    userIds: () => load().userIds,
    close() {
      closed = true;
      loaded?.store.close();
      loaded = null;
    },
  };
}
