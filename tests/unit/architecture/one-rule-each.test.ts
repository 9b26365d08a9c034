// Rules that live in one place, checked over every source file: what a membership level allows is asked of the
// flags of shared/membership.ts, never by comparing a level's name; a transaction is opened by db/transaction.ts.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { oneExpensivePerRequest } from "../../../src/server/trpc/core/init.ts";
import { expensiveProcedures } from "../../../src/shared/work-limits.ts";
import { srcRoot } from "./import-graph.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const levelComparison =
  /[!=]==\s*"(?:Free|FreeBeforePremiumIntroduced|PremiumYearly)"|"(?:Free|FreeBeforePremiumIntroduced|PremiumYearly)"\s*[!=]==/;

describe("one place for each rule", () => {
  test("no membership level is compared by name outside shared/membership.ts (the emulators aside)", () => {
    const offenders = sourceFiles(srcRoot)
      .map((path) => relative(srcRoot, path))
      .filter((path) => path !== "shared/membership.ts" && !path.startsWith("emulators/"))
      .filter((path) => levelComparison.test(readFileSync(join(srcRoot, path), "utf8")));
    expect(offenders).toEqual([]);
  });

  test("the server opens transactions only through db/transaction.ts (ADR 0034)", () => {
    // the migrator runs on the raw connection before drizzle exists
    const allowed = (path: string) => path === "server/db/transaction.ts" || path === "server/db/migrate.ts";
    const offenders = sourceFiles(join(srcRoot, "server"))
      .map((path) => relative(srcRoot, path))
      .filter((path) => !allowed(path))
      .filter((path) => /\.transaction\(/.test(readFileSync(join(srcRoot, path), "utf8")));
    expect(offenders).toEqual([]);
  });

  test("the procedures marked expensive on the server are the shared list the app's client splits off", () => {
    const [mark] = (oneExpensivePerRequest as unknown as { _middlewares: unknown[] })._middlewares;
    const marked = Object.entries(appRouter._def.procedures as Record<string, unknown>)
      .filter(([, procedure]) =>
        (procedure as { _def: { middlewares: unknown[] } })._def.middlewares.includes(mark),
      )
      .map(([name]) => name);
    expect(marked.sort()).toEqual([...expensiveProcedures].sort());
  });
});
