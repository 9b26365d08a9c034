import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { collectLicenses, licenseOf } from "../../../scripts/licenses.ts";
import committed from "../../../src/shared/licenses.json";

const root = resolve(import.meta.dir, "../../..");

describe("licenses list", () => {
  test("the committed list matches the installed packages (run `bun run licenses` after changing dependencies)", () => {
    const installed = collectLicenses(root).filter((entry) => !entry.name.startsWith("@oven/"));
    // the runtime's platform package differs per machine; everything else must match exactly
    expect(committed.filter((entry) => !entry.name.startsWith("@oven/"))).toEqual(installed);
  });

  test("covers every direct dependency and no development tool", () => {
    const names = new Set(committed.map((entry) => entry.name));
    for (const dependency of ["react", "@chakra-ui/react", "hono", "drizzle-orm", "zod", "wouter", "bun"]) {
      expect(names.has(dependency)).toBe(true);
    }
    for (const tool of ["typescript", "@biomejs/biome", "playwright-core", "drizzle-kit", "@types/react"]) {
      expect(names.has(tool)).toBe(false);
    }
    expect(committed.every((entry) => entry.license !== "UNKNOWN")).toBe(true);
  });

  test("reads the license field in its old and new shapes", () => {
    expect(licenseOf({ license: "MIT" })).toBe("MIT");
    expect(licenseOf({ license: { type: "BSD-3-Clause" } })).toBe("BSD-3-Clause");
    expect(licenseOf({ licenses: [{ type: "MIT" }, { type: "Apache-2.0" }] })).toBe("MIT OR Apache-2.0");
    expect(licenseOf({})).toBe("UNKNOWN");
  });
});
