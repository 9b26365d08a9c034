// What an operator needs to run Crate: the demo's sign-in guide, the Paddle events Crate's webhook needs, and the
// thresholds `crate doctor` applies. The emulators and the server read them from here.
import { demoCredentials } from "./demo-credentials.ts";

/** The demo listener whose first sign-in loads example choices (playlists/demo-choices.ts). */
export const demoCuratorId = "crate-curator";

/**
 * The demo listener who is premium from the first sign-in: the Paddle emulator sells it the yearly subscription then
 * and notifies Crate's webhook (billing/demo-premium.ts).
 */
export const demoPremiumId = "crate-premium";

/** A demo listener's e-mail address on Spotify (and the one its demo subscription is sold to). */
export const demoListenerEmail = (spotifyId: string) => `${spotifyId}@listeners.example`;

/** The demo's listeners (the Spotify emulator seeds them) and what each is for. */
export const demoListeners = [
  {
    id: "crate-free",
    about: "a free listener, about 3,000 liked songs (buy premium in the emulated checkout)",
  },
  {
    id: demoPremiumId,
    about:
      "a premium listener, over 10,000 liked songs (subscribed through the emulated Paddle at its first sign-in)",
  },
  { id: demoCredentials.adminSpotifyId, about: "an admin (opens the admin area)" },
  {
    id: "crate-ending",
    about:
      "a listener whose Spotify access ends in 10 days (the reminder banner; the playlists' reminder after the next hourly update)",
  },
  {
    id: demoCuratorId,
    about:
      "a free listener whose playlists already show exclusions and a correction (loaded at their first sign-in)",
  },
] as const;

/** Demo mode only: the demo listener whose sign-in Crate records as given this many days before its six months end. */
export const demoGrantEndsInDays = 10;

/** The emulated checkout accepts this card (and declines 4000 0000 0000 0002). */
export const demoTestCard = "4242 4242 4242 4242";

/** The notifications Crate's webhook acts on (billing/apply.ts): a destination must subscribe to each. */
export const paddleNeededEvents = [
  "transaction.completed",
  "subscription.created",
  "subscription.updated",
  "subscription.canceled",
] as const;

export const doctorLimits = {
  /** less free space than this where the database lives is a ✗ (backups and WAL need room) */
  minFreeDiskBytes: 1024 * 1024 * 1024,
  /** a clock further off than this from the providers' Date headers is a ✗ (webhook signatures, token expiry) */
  maxClockSkewSeconds: 30,
  /** how long one probe may take */
  requestTimeoutMs: 10_000,
} as const;

/** Where Spotify sends the listener back after consent: the app must register `PUBLIC_URL` + this, exactly. */
export const signInCallbackPath = "/api/authorize/callback";
/** Where Paddle posts notifications: a notification destination must point at `PUBLIC_URL` + this. */
export const paddleWebhookPath = "/api/payment/webhook";
