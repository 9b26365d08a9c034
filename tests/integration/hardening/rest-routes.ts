// The one table of documented REST paths (spec section 7 and the contract's additions): method, route as
// registered (relative to /api), who may call it, what kind of call it is, and what a hostile call may do.
// A test compares it with the routes the server registers, so a new path cannot be left out.
import type { z } from "zod";
import { entryByName } from "../../../src/shared/catalogue/index.ts";
import {
  CreateCombinationsSchema,
  PreviewRuleSchema,
  UpdateCombinationBodySchema,
} from "../../../src/shared/combinations/schema.ts";
import { DeleteDataSchema } from "../../../src/shared/schemas/account.ts";
import { MembershipChangeBodySchema } from "../../../src/shared/schemas/admin.ts";
import { DistributeHistoricallySchema } from "../../../src/shared/schemas/distribution.ts";
import {
  AddExclusionSchema,
  ChoicesDocumentSchema,
  SetCorrectionSchema,
} from "../../../src/shared/schemas/explain.ts";
import { FeedbackSchema } from "../../../src/shared/schemas/feedback.ts";
import { UpdateSettingsSchema } from "../../../src/shared/schemas/settings.ts";
import { WebVitalsReportSchema } from "../../../src/shared/schemas/web-vitals.ts";
import { SetTimeZoneSchema, TimeZoneSchema } from "../../../src/shared/time-zone.ts";
import { WEB_VITALS_MAX_BYTES } from "../../../src/shared/web-vitals.ts";
import type { PersonaName } from "./support.ts";

export type RestMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface RestRoute {
  method: RestMethod;
  route: string;
  access: "public" | "user" | "admin";
  /** read: changes nothing; write: may change state; navigation: answers with a redirect (sign-in) */
  kind: "read" | "write" | "navigation";
  /** the JSON body the route reads, if any */
  body?: z.ZodType;
  /** a plausible body to mutate */
  example?: unknown;
  /** the route's own body limit, below the API's: a larger body is a 413 (code 41) before it is parsed */
  maxBodyBytes?: number;
  /**
   * Whether a call with this (parsed JSON) body would act for the persona, in the suites' world (no
   * subscription, selection, analysis or combination; hostile ids are never a real user's id). The suites
   * never let a call act. Writes without this function never act on hostile input.
   */
  acts?: (persona: PersonaName, body: unknown) => boolean;
}

const signedIn = (persona: PersonaName) => persona !== "visitor";
const validFor = (schema: z.ZodType) => (persona: PersonaName, body: unknown) =>
  signedIn(persona) && schema.safeParse(body).success;

export const restRoutes: RestRoute[] = [
  { method: "GET", route: "/health", access: "public", kind: "read" },
  { method: "GET", route: "/authorize", access: "public", kind: "navigation" },
  { method: "GET", route: "/authorize/plans", access: "public", kind: "navigation" },
  // a rule names one of the listener's playlists: the sign-in again with the read scope
  { method: "GET", route: "/authorize/playlists", access: "public", kind: "navigation" },
  { method: "GET", route: "/authorize/callback", access: "public", kind: "navigation" },
  { method: "GET", route: "/authorize/logged-in", access: "public", kind: "read" },
  // body ignored: ends the session of anyone signed in
  { method: "POST", route: "/authorize/logout", access: "public", kind: "write", acts: signedIn },
  // body ignored: ends every session of the signed-in listener
  { method: "POST", route: "/authorize/logout-everywhere", access: "user", kind: "write", acts: signedIn },
  { method: "GET", route: "/user/membership-level", access: "user", kind: "read" },
  { method: "GET", route: "/user/id", access: "user", kind: "read" },
  { method: "GET", route: "/user/personal-data", access: "user", kind: "read" },
  {
    method: "POST",
    route: "/user/delete-data",
    access: "user",
    kind: "write",
    body: DeleteDataSchema,
    example: {},
    // an empty body counts as {}
    acts: (persona, body) =>
      signedIn(persona) && (body === undefined || DeleteDataSchema.safeParse(body).success),
  },
  {
    method: "POST",
    route: "/feedback",
    access: "user",
    kind: "write",
    body: FeedbackSchema,
    example: { feedback: "Lovely app, thanks!" },
    acts: validFor(FeedbackSchema),
  },
  { method: "GET", route: "/playlist-preferences", access: "user", kind: "read" },
  { method: "GET", route: "/playlist-preferences/playlists", access: "user", kind: "read" },
  { method: "GET", route: "/playlist-preferences/settings", access: "user", kind: "read" },
  {
    method: "PUT",
    route: "/playlist-preferences/settings",
    access: "user",
    kind: "write",
    body: UpdateSettingsSchema,
    example: { createPlaylistsAsPrivate: true, removePlaylistPostfix: false },
    acts: validFor(UpdateSettingsSchema.extend({ timeZone: TimeZoneSchema.optional() })),
  },
  { method: "GET", route: "/playlist-preferences/settings/time-zone", access: "user", kind: "read" },
  {
    method: "PUT",
    route: "/playlist-preferences/settings/time-zone",
    access: "user",
    kind: "write",
    body: SetTimeZoneSchema,
    example: { timeZone: "Pacific/Auckland" },
    acts: validFor(SetTimeZoneSchema),
  },
  {
    method: "POST",
    route: "/distributor/distribute-historically",
    access: "user",
    kind: "write",
    body: DistributeHistoricallySchema,
    example: { playlistPreferences: ["Chill", "1990s"] },
    acts: (persona, body) => {
      if (!validFor(DistributeHistoricallySchema)(persona, body)) return false;
      const names = (body as { playlistPreferences: string[] }).playlistPreferences;
      return names.every((name) => entryByName(name.trim()) !== undefined);
    },
  },
  { method: "GET", route: "/distributor/:id/progress", access: "user", kind: "read" },
  { method: "GET", route: "/distributor/:id/playlists", access: "user", kind: "read" },
  // nothing is selected: any name deletes nothing
  { method: "DELETE", route: "/distributor/predefined/:name", access: "user", kind: "write" },
  // body ignored: starts an analysis
  { method: "POST", route: "/distributor/analysis", access: "user", kind: "write", acts: signedIn },
  { method: "GET", route: "/distributor/analysis/:id", access: "user", kind: "read" },
  { method: "POST", route: "/distributor/analysis/:id/cancel", access: "user", kind: "write" },
  {
    method: "POST",
    route: "/distributor/combinatorial",
    access: "user",
    kind: "write",
    body: CreateCombinationsSchema,
    example: {
      combinations: [
        { playlistName: "My Mix", criteria: [{ criterionNumber: 1, genres: ["Rock"], decade: 1990 }] },
      ],
    },
    acts: validFor(CreateCombinationsSchema),
  },
  { method: "DELETE", route: "/distributor/combinatorial/:id", access: "user", kind: "write" },
  // no combination exists in the suites' world: an edit never acts
  {
    method: "PUT",
    route: "/distributor/combinatorial/:id",
    access: "user",
    kind: "write",
    body: UpdateCombinationBodySchema,
    example: { criteria: [{ genres: ["Rock"] }], order: "likedNewestFirst", limit: 100 },
  },
  // writes nothing: how many songs a rule would hold now
  {
    method: "POST",
    route: "/distributor/combinatorial/preview",
    access: "user",
    kind: "read",
    body: PreviewRuleSchema,
    example: { criteria: [{ genres: ["Rock"], years: { from: 1990, to: 1999 } }] },
  },
  { method: "GET", route: "/playlists/:name/activity", access: "user", kind: "read" },
  // nothing is selected: no playlist to put a song back into or to recreate
  {
    method: "POST",
    route: "/playlists/:name/put-back",
    access: "user",
    kind: "write",
    example: { trackId: "4uLU6hMCjMI75M1A2tKUQC" },
  },
  { method: "POST", route: "/playlists/:name/recreate", access: "user", kind: "write" },
  // the price is read from the payment provider (a POST in the spec)
  { method: "POST", route: "/payment/pricing", access: "public", kind: "read" },
  { method: "GET", route: "/payment/subscription", access: "user", kind: "read" },
  // no subscription: 404 whatever is sent
  { method: "POST", route: "/payment/subscription/cancel", access: "user", kind: "write" },
  { method: "POST", route: "/payment/subscription/reactivate", access: "user", kind: "write" },
  {
    method: "GET",
    route: "/payment/subscription/update-payment-method-transaction",
    access: "user",
    kind: "read",
  },
  // signed by Paddle: anything unsigned is refused
  { method: "POST", route: "/payment/webhook", access: "public", kind: "write" },
  { method: "GET", route: "/admin/statistics", access: "admin", kind: "read" },
  { method: "GET", route: "/admin/statistics/charts", access: "admin", kind: "read" },
  {
    method: "POST",
    route: "/admin/batch/start",
    access: "admin",
    kind: "write",
    acts: (persona) => persona === "admin",
  },
  { method: "POST", route: "/admin/statistics/user/:id/enable", access: "admin", kind: "write" },
  { method: "POST", route: "/admin/statistics/user/:id/disable", access: "admin", kind: "write" },
  { method: "GET", route: "/admin/user/premium", access: "admin", kind: "read" },
  { method: "GET", route: "/admin/user/user-id/:id", access: "admin", kind: "read" },
  { method: "GET", route: "/admin/user/spotify-id/:id", access: "admin", kind: "read" },
  {
    method: "POST",
    route: "/admin/user/user-id/:id/membership",
    access: "admin",
    kind: "write",
    body: MembershipChangeBodySchema,
    example: { membershipLevel: "PremiumYearly" },
  },
  { method: "GET", route: "/admin/web-vitals", access: "admin", kind: "read" },
  { method: "GET", route: "/user/spotify-access", access: "user", kind: "read" },
  // a page's vitals are counted whoever sends them: a valid report acts
  {
    method: "POST",
    route: "/web-vitals",
    access: "public",
    kind: "write",
    body: WebVitalsReportSchema,
    example: { path: "/faq", lcp: 1.2, cls: 0.01 },
    maxBodyBytes: WEB_VITALS_MAX_BYTES,
    acts: (_persona, body) => WebVitalsReportSchema.safeParse(body).success,
  },
  // explain and correct: the suites' listeners have no playlist and no like, so only these two can act
  { method: "GET", route: "/playlists/:name/songs", access: "user", kind: "read" },
  { method: "GET", route: "/songs/search", access: "user", kind: "read" },
  { method: "GET", route: "/songs/:trackId/placement", access: "user", kind: "read" },
  { method: "GET", route: "/playlists/:name/exclusions", access: "user", kind: "read" },
  {
    method: "POST",
    route: "/playlists/:name/exclusions",
    access: "user",
    kind: "write",
    body: AddExclusionSchema,
    example: { trackId: "4uLU6hMCjMI75M1A2tKUQC" },
  },
  { method: "DELETE", route: "/playlists/:name/exclusions/:kind/:id", access: "user", kind: "write" },
  { method: "GET", route: "/corrections", access: "user", kind: "read" },
  {
    method: "PUT",
    route: "/corrections/artists/:artistId",
    access: "user",
    kind: "write",
    body: SetCorrectionSchema,
    example: { genres: ["Rock"], country: "DK" },
    // the artist comes from the path: any valid body stores a correction
    acts: (persona, body) =>
      signedIn(persona) &&
      typeof body === "object" &&
      body !== null &&
      SetCorrectionSchema.safeParse({ ...body, artistId: "artist0" }).success,
  },
  { method: "DELETE", route: "/corrections/artists/:artistId", access: "user", kind: "write" },
  { method: "GET", route: "/user/choices", access: "user", kind: "read" },
  {
    method: "POST",
    route: "/user/choices",
    access: "user",
    kind: "write",
    body: ChoicesDocumentSchema,
    example: {
      version: 1,
      selection: ["Chill"],
      combinations: [],
      exclusions: [],
      corrections: [],
      settings: { createPlaylistsAsPrivate: false, removePlaylistPostfix: false, addRecordingOnce: false },
    },
    acts: validFor(ChoicesDocumentSchema),
  },
];

const patternOf = (route: string) =>
  new RegExp(`^/api${route.replace(/:[a-z]+/g, "[^/]+").replace(/\//g, "\\/")}$`);
const compiled = restRoutes.map((r) => ({ route: r, pattern: patternOf(r.route) }));

/** The route the server calls for a method and a normalised pathname (HEAD is served by GET), if any. */
export function matchRoute(method: string, pathname: string): RestRoute | undefined {
  const wanted = method === "HEAD" ? "GET" : method;
  return compiled.find((c) => c.route.method === wanted && c.pattern.test(pathname))?.route;
}

/** Whether some route answers this pathname with another method (a wrong method rather than a wrong path). */
export function pathExists(pathname: string): boolean {
  return compiled.some((c) => c.pattern.test(pathname));
}

/** The path with every parameter filled in. */
export function fillPath(route: string, segment: (name: string) => string): string {
  return `/api${route.replace(/:([a-z]+)/g, (_, name: string) => segment(name))}`;
}
