// Property: every tRPC procedure, called with random and malformed input (single and batched, as each
// persona), never answers 5xx, refuses with a tRPC error carrying data.errorCode, and — reads and refusals
// alike — leaves every table of the database and the listener's Spotify untouched.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MAX_BODY_BYTES } from "../../../src/server/app.ts";
import {
  hostileBodyText,
  hostileString,
  malformedJsonText,
  mutatedInput,
  SEED,
  sameShapeInput,
  visitorCookie,
} from "./arbitraries.ts";
import {
  ABSENT,
  exampleInputs,
  guardRefusal,
  inputIsValid,
  type ProcedureInfo,
  procedures,
  wouldAct,
} from "./procedures.ts";
import {
  type Answer,
  changes,
  expectActivityWellFormed,
  explain,
  isTrpcRefusal,
  type PersonaName,
  personaNames,
  type Request,
  send,
  setUpHardening,
  snapshot,
  spotifyWrites,
  trpcErrorOf,
} from "./support.ts";

const h = setUpHardening("hostile-trpc");

/** One call of a (possibly batched) request: the procedure and the JSON input text sent for it. */
interface Call {
  procedure: ProcedureInfo;
  /** JSON text of the input, malformed text, or ABSENT */
  inputText: string | typeof ABSENT;
}

const parsedOr = (text: string | typeof ABSENT): unknown => {
  if (text === ABSENT) return ABSENT;
  try {
    return JSON.parse(text);
  } catch {
    return SyntaxError;
  }
};

type InputText = string | typeof ABSENT;

function inputArb(procedure: ProcedureInfo): fc.Arbitrary<InputText> {
  const example = exampleInputs[procedure.name];
  const options: fc.WeightedArbitrary<InputText>[] = [
    { weight: 2, arbitrary: hostileBodyText },
    { weight: 1, arbitrary: fc.constant<InputText>(ABSENT) },
  ];
  if (example !== undefined) {
    options.push(
      { weight: 2, arbitrary: mutatedInput(example) },
      { weight: 3, arbitrary: sameShapeInput(example) },
    );
  }
  return fc.oneof(...options);
}

const callArb: fc.Arbitrary<Call> = fc
  .constantFrom(...procedures)
  .chain((procedure) => inputArb(procedure).map((inputText) => ({ procedure, inputText })));

const personaArb = fc.constantFrom(...personaNames);

interface Plan {
  persona: PersonaName;
  cookie: string | null;
  batch: boolean;
  calls: Call[];
}

const planArb: fc.Arbitrary<Plan> = fc
  .record({
    persona: personaArb,
    visitorCookie,
    batch: fc.boolean(),
    calls: fc.array(callArb, { minLength: 1, maxLength: 3 }),
  })
  .map(({ persona, visitorCookie: forged, batch, calls }) => {
    // A batch holds calls of one type (GET for queries, POST for mutations), as the client sends them.
    const type = calls[0]?.procedure.type ?? "query";
    const sameType = batch ? calls.filter((c) => c.procedure.type === type) : calls.slice(0, 1);
    const cookie = persona === "visitor" ? forged : h.personas[persona].cookie;
    return { persona, cookie, batch, calls: sameType };
  });

/**
 * A call that would act is sent with malformed JSON instead, refused before anything runs. A procedure without
 * input never reads the body, so such a call is left out (the transport suite covers those procedures).
 */
function neutralised(plan: Plan): Plan {
  const calls = plan.calls.flatMap((call) => {
    if (!call.procedure.schema) return wouldAct(call.procedure, plan.persona, ABSENT) ? [] : [call];
    const input = parsedOr(call.inputText);
    if (input === SyntaxError || !wouldAct(call.procedure, plan.persona, input)) return [call];
    return [{ ...call, inputText: "{" }];
  });
  return { ...plan, calls };
}

function requestOf(plan: Plan): Request {
  const path = `/api/trpc/${plan.calls.map((c) => c.procedure.name).join(",")}`;
  const mutation = plan.calls[0]?.procedure.type === "mutation";
  let body: string | undefined;
  if (plan.batch) {
    body = plan.calls.every((c) => c.inputText === ABSENT) && !mutation ? undefined : batchBody(plan);
  } else {
    const only = plan.calls[0]?.inputText ?? ABSENT;
    body = only === ABSENT ? undefined : only;
  }
  const query: string[] = [];
  if (plan.batch) query.push("batch=1");
  if (!mutation && body !== undefined) query.push(`input=${encodeURIComponent(body)}`);
  const url = `${path}${query.length ? `?${query.join("&")}` : ""}`;
  if (mutation) return { method: "POST", path: url, cookie: plan.cookie, text: body ?? "" };
  return { method: "GET", path: url, cookie: plan.cookie };
}

/** What one call of the plan must answer, when it can be told in advance. */
function expectedRefusal(plan: Plan, call: Call, malformed: boolean): [number, number] | null {
  const guard = guardRefusal(call.procedure.access, plan.persona);
  if (guard) return guard;
  // A procedure without input never reads it, malformed or not.
  if (!call.procedure.schema) return null;
  if (malformed) return [400, 1];
  const input = parsedOr(call.inputText);
  if (call.procedure.schema && !inputIsValid(call.procedure, input)) return [400, 1];
  return null;
}

/** Per call: whether its input reaches the server as something other than JSON (refused as such). */
function malformedCalls(plan: Plan): boolean[] {
  const mutation = plan.calls[0]?.procedure.type === "mutation";
  if (!plan.batch) {
    return plan.calls.map((c) => (c.inputText === ABSENT ? mutation : parsedOr(c.inputText) === SyntaxError));
  }
  if (!mutation && plan.calls.every((c) => c.inputText === ABSENT)) return plan.calls.map(() => false);
  const wellFormed = isObjectText(batchBody(plan));
  return plan.calls.map(() => !wellFormed);
}

function check(plan: Plan, answer: Answer, request: Request): void {
  const context = explain(request, answer);
  expect(answer.status, context).toBeLessThan(500);
  expect(answer.contentType ?? "", context).toStartWith("application/json");
  const items = plan.batch ? answer.json : [answer.json];
  expect(Array.isArray(items) && items.length === plan.calls.length, context).toBe(true);
  const malformed = malformedCalls(plan);
  plan.calls.forEach((call, i) => {
    const error = trpcErrorOf((items as unknown[])[i]);
    const where = `${call.procedure.name} as ${plan.persona}: ${context}`;
    if (error) expect(isTrpcRefusal(error), where).toBe(true);
    const expected = expectedRefusal(plan, call, malformed[i] ?? false);
    if (expected === null) return;
    expect(error, where).not.toBeNull();
    // Input is read after the guard, but a body that is not JSON may be refused first: either is a refusal.
    const [status, errorCode] = malformed[i] && error?.data.httpStatus === 400 ? [400, 1] : expected;
    expect(error?.data.httpStatus, where).toBe(status);
    expect(error?.data.errorCode, where).toBe(errorCode);
  });
}

const isObjectText = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

const batchBody = (plan: Plan) =>
  `{${plan.calls.flatMap((c, i) => (c.inputText === ABSENT ? [] : [`"${i}":${c.inputText}`])).join(",")}}`;

/** procedure → HTTP statuses its calls answered (for the coverage check and for the record). */
const seen = new Map<string, Map<number, number>>();

async function runChecked(plan: Plan): Promise<void> {
  const request = requestOf(plan);
  const before = snapshot(h);
  const writesBefore = await spotifyWrites(h.server.url);
  const answer = await send(h.server.url, request);
  const after = snapshot(h);
  const context = explain(request, answer);
  expect(changes(before, after), context).toEqual([]);
  expectActivityWellFormed(before, after);
  expect(await spotifyWrites(h.server.url), context).toBe(writesBefore);
  check(plan, answer, request);
  const items = (plan.batch ? answer.json : [answer.json]) as unknown[];
  plan.calls.forEach((call, i) => {
    const status = trpcErrorOf(items[i])?.data.httpStatus ?? 200;
    const tally = seen.get(call.procedure.name) ?? new Map<number, number>();
    tally.set(status, (tally.get(status) ?? 0) + 1);
    seen.set(call.procedure.name, tally);
  });
}

describe("every tRPC procedure under hostile input", () => {
  test("the suite sees every procedure of the router", () => {
    expect(procedures.length).toBeGreaterThanOrEqual(30);
    const names = procedures.map((p) => p.name);
    for (const known of ["distribution.progress", "admin.setMembership", "billing.cancel", "auth.logout"])
      expect(names).toContain(known);
  });

  test("random and mutated inputs, single and batched, as every persona", async () => {
    await fc.assert(
      fc.asyncProperty(planArb, async (raw) => {
        const plan = neutralised(raw);
        fc.pre(plan.calls.length > 0);
        const request = requestOf(plan);
        // Beyond ~16 KB the runtime itself refuses the request line (431) before the app sees it.
        fc.pre(request.path.length <= 12_000 && (request.text ?? "").length <= MAX_BODY_BYTES);
        await runChecked(plan);
      }),
      { seed: SEED, numRuns: 220 },
    );
  }, 120_000);

  test("each procedure, each persona: one malformed and one wrong-typed input (exhaustive)", async () => {
    for (const procedure of procedures) {
      for (const persona of personaNames) {
        const cookie = h.personas[persona].cookie;
        for (const inputText of [
          fc.sample(malformedJsonText, { seed: SEED, numRuns: 1 })[0] ?? "{",
          JSON.stringify([fc.sample(hostileString, { seed: SEED, numRuns: 1 })[0]]),
        ]) {
          const plan = neutralised({ persona, cookie, batch: false, calls: [{ procedure, inputText }] });
          if (plan.calls.length === 0 || requestOf(plan).path.length > 12_000) continue;
          await runChecked(plan);
        }
      }
    }
  }, 120_000);

  test("every procedure was called, and every guarded one was refused at least once", () => {
    // The premium listener's statistics are on: the activity recorder saw the hostile calls too.
    expect(snapshot(h).recordedActivity.length).toBeGreaterThan(0);
    if (process.env.HARDENING_VERBOSE) {
      for (const [name, tally] of seen) console.log(name, JSON.stringify([...tally].sort()));
    }
    for (const procedure of procedures) {
      const tally = seen.get(procedure.name);
      expect(tally, procedure.name).toBeDefined();
      if (procedure.access !== "public")
        expect(tally?.has(401) || tally?.has(403), procedure.name).toBe(true);
    }
  });
});
