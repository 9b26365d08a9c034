// Which work a Web API call belongs to (sign-in, a listener's distribution, the hourly update …), carried through
// the async calls of that work so the transport can count it without every service passing it along.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SpotifyCallKind } from "../../shared/spotify-access.ts";

const kindScope = new AsyncLocalStorage<SpotifyCallKind>();

/** Runs `fn` with its Web API calls counted as `kind`. */
export const withCallKind = <T>(kind: SpotifyCallKind, fn: () => T): T => kindScope.run(kind, fn);

export const currentCallKind = (): SpotifyCallKind => kindScope.getStore() ?? "other";
