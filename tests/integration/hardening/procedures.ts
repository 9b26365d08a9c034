// Every tRPC procedure, read from the router itself (so a new one is covered without editing the suites):
// its name, type, input schema and who may call it, plus what a hostile call to it may do.
import type { z } from "zod";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { adminProcedure, authedProcedure, premiumProcedure } from "../../../src/server/trpc/core/init.ts";
import { entryByName } from "../../../src/shared/catalogue/index.ts";
import type { PersonaName } from "./support.ts";

export type Access = "public" | "user" | "premium" | "admin";

export interface ProcedureInfo {
  name: string;
  type: "query" | "mutation";
  access: Access;
  /** the input schema, or null when the procedure takes no input (anything sent is ignored) */
  schema: z.ZodType | null;
}

interface ProcedureDef {
  type: "query" | "mutation" | "subscription";
  inputs: z.ZodType[];
  middlewares: unknown[];
}

const defOf = (procedure: unknown) => (procedure as { _def: ProcedureDef })._def;
const guardOf = (procedure: unknown) => defOf(procedure).middlewares.at(-1);

function accessOf(def: ProcedureDef): Access {
  if (def.middlewares.includes(guardOf(adminProcedure))) return "admin";
  if (def.middlewares.includes(guardOf(premiumProcedure))) return "premium";
  if (def.middlewares.includes(guardOf(authedProcedure))) return "user";
  return "public";
}

export const procedures: ProcedureInfo[] = Object.entries(
  appRouter._def.procedures as Record<string, unknown>,
).map(([name, procedure]) => {
  const def = defOf(procedure);
  if (def.type === "subscription") throw new Error(`${name}: subscriptions are not covered by the suite`);
  if (def.inputs.length > 1) throw new Error(`${name}: chained inputs are not covered by the suite`);
  return { name, type: def.type, access: accessOf(def), schema: def.inputs[0] ?? null };
});

export const procedureByName = new Map(procedures.map((p) => [p.name, p]));

/** Whether this persona passes the procedure's guard (the visitor passes only public ones). */
export function mayCall(access: Access, persona: PersonaName): boolean {
  switch (access) {
    case "public":
      return true;
    case "user":
      return persona !== "visitor";
    case "premium":
      return persona === "premium";
    case "admin":
      return persona === "admin";
  }
}

/** The refusal a persona gets from the guard: [HTTP status, errorCode], or null when let through. */
export function guardRefusal(access: Access, persona: PersonaName): [number, number] | null {
  if (mayCall(access, persona)) return null;
  if (persona === "visitor") return [401, 6];
  if (access === "premium") return [403, 30];
  return [403, 6];
}

/** Absent from the request (no input, or no element in a batch body). */
export const ABSENT = Symbol("absent");

export function inputIsValid(procedure: ProcedureInfo, input: unknown): boolean {
  if (!procedure.schema) return true;
  return procedure.schema.safeParse(input === ABSENT ? undefined : input).success;
}

const validAnd =
  (check: (input: unknown) => boolean) => (_persona: PersonaName, input: unknown, procedure: ProcedureInfo) =>
    inputIsValid(procedure, input) && check(input);

/**
 * Mutations that act (change something) on some inputs for some personas. The hostile suites never let them
 * act: such a call is sent with malformed JSON instead, which must be refused before anything runs. Read
 * against the suites' world: no persona has a subscription, a selection, an analysis or a combination, and
 * hostile ids are never a real user's id.
 */
const actsWhen: Record<string, (persona: PersonaName, input: unknown, p: ProcedureInfo) => boolean> = {
  "auth.logout": (persona) => persona !== "visitor",
  "auth.logoutEverywhere": (persona) => persona !== "visitor",
  // hostile ids are never a real session's id: 404
  "auth.endSession": () => false,
  // changes nothing: no persona has a subscription, so it answers the price id
  "billing.startCheckout": () => false,
  "distribution.startAnalysis": (persona) => persona !== "visitor",
  "admin.startBatch": (persona) => persona === "admin",
  // no subscription: 404 whatever is sent
  "billing.cancel": () => false,
  "billing.reactivate": () => false,
  "billing.updatePaymentMethodTransaction": () => false,
  // only a selection of known catalogue names starts a distribution; anything else is code 9
  "distribution.distributeHistorically": validAnd((input) => {
    const names = (input as { playlistPreferences: unknown[] }).playlistPreferences;
    return names.every((name) => typeof name === "string" && entryByName(name.trim()) !== undefined);
  }),
  // nothing is selected, so deleting any name deletes nothing; unknown ids are 404
  "distribution.deletePredefined": () => false,
  "distribution.cancelAnalysis": () => false,
  "combinations.delete": () => false,
  "admin.enableStatistics": () => false,
  "admin.disableStatistics": () => false,
  "admin.setMembership": () => false,
};

/** Whether a hostile call could make the mutation act; unknown mutations act on any input their schema takes. */
export function wouldAct(procedure: ProcedureInfo, persona: PersonaName, input: unknown): boolean {
  if (procedure.type !== "mutation" || !mayCall(procedure.access, persona)) return false;
  const rule = actsWhen[procedure.name];
  if (rule) return rule(persona, input, procedure);
  return inputIsValid(procedure, input);
}

/** Plausible inputs to mutate (one thing wrong at a time); procedures without one get random input only. */
export const exampleInputs: Record<string, unknown> = {
  "distribution.distributeHistorically": { playlistPreferences: ["Chill", "1990s"] },
  "distribution.progress": { id: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e" },
  "playlists.ofRun": { id: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e" },
  "distribution.deletePredefined": { name: "Chill" },
  "distribution.analysisResults": { id: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e", afterSegmentNumber: 0 },
  "distribution.cancelAnalysis": { id: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e" },
  "combinations.create": {
    combinations: [
      { playlistName: "My Mix", criteria: [{ criterionNumber: 1, genres: ["Rock"], decade: 1990 }] },
    ],
  },
  "combinations.delete": { id: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e" },
  "auth.endSession": { sessionId: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e" },
  "billing.cancel": { subscriptionId: "sub_01h000000000000000000000aa" },
  "account.deleteData": {},
  "feedback.submit": { feedback: "Lovely app, thanks!" },
  "settings.update": { createPlaylistsAsPrivate: true, removePlaylistPostfix: false },
  "admin.enableStatistics": { userId: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e" },
  "admin.disableStatistics": { userId: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e" },
  "admin.premiumMembers": { offset: 0 },
  "admin.userDetail": { spotifyId: "nobody-here" },
  "admin.setMembership": { userId: "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e", membershipLevel: "PremiumYearly" },
};
