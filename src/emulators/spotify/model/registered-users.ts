// Development mode's user list: an app not granted extended quota serves only the Spotify accounts its
// operator registered in the developer dashboard (at most 5). Every Web API call with another account's token
// answers 403, as Spotify does. Off until a test or demo turns it on; the demo listeners start on the list.
import type { StateStore } from "./store.ts";

/** Spotify's development-mode limit of registered users per app. */
export const MAX_REGISTERED_USERS = 5;
/** Spotify's message for an account the app's operator has not registered. */
export const UNREGISTERED_MESSAGE =
  "Check settings on developer.spotify.com/dashboard, the user may not be registered.";

export interface RegisteredUsersState {
  /** true: only `users` may use the Web API (a development-mode app) */
  restricted: boolean;
  /** listener ids (the ids they were created with), at most MAX_REGISTERED_USERS */
  users: string[];
}

const META_KEY = "registeredUsers";

export class RegisteredUsers {
  private state: RegisteredUsersState;

  constructor(
    private readonly store: StateStore,
    private readonly initialUsers: readonly string[],
    saved: string | undefined,
  ) {
    this.state = parseSaved(saved) ?? { restricted: false, users: [...initialUsers] };
  }

  /** Whether the listener's token may call the Web API. */
  allows(listenerId: string): boolean {
    return !this.state.restricted || this.state.users.includes(listenerId);
  }

  get(): RegisteredUsersState & { limit: number } {
    return { ...this.state, users: [...this.state.users], limit: MAX_REGISTERED_USERS };
  }

  /** Replaces the list (the caller checks the limit) and whether it applies. */
  set(next: RegisteredUsersState): void {
    this.state = { restricted: next.restricted, users: [...new Set(next.users)] };
    this.store.setMeta(META_KEY, JSON.stringify(this.state));
  }

  /** Every account may call again; the list is the demo listeners. */
  reset(): void {
    this.set({ restricted: false, users: [...this.initialUsers] });
  }
}

function parseSaved(saved: string | undefined): RegisteredUsersState | null {
  if (saved === undefined) return null;
  try {
    const value = JSON.parse(saved) as Partial<RegisteredUsersState>;
    if (typeof value.restricted !== "boolean" || !Array.isArray(value.users)) return null;
    return { restricted: value.restricted, users: value.users.filter((u) => typeof u === "string") };
  } catch {
    return null;
  }
}
