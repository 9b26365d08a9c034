// Every playlist is a rule: the server reads what an entry does from its rule (src/shared/catalogue), never by
// switching over what kind of entry it is.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { srcRoot } from "./import-graph.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const entryKinds = [
  "mood",
  "genre",
  "subgenre",
  "decade",
  "nationality",
  "tempo",
  "likedAt",
  "random",
  "latest",
  "everything",
  "partition",
  "classified",
];
const kindCase = new RegExp(`case "(?:${entryKinds.join("|")})"`);
const kindRead = /\bkind\.type\b|kindOfEntry|PreferenceKind/;

describe("no switch over entry kinds", () => {
  test("src/server never asks what kind of catalogue entry it has", () => {
    const offenders = sourceFiles(join(srcRoot, "server"))
      .map((path) => relative(srcRoot, path))
      .filter((path) => {
        const text = readFileSync(join(srcRoot, path), "utf8");
        return kindCase.test(text) || kindRead.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
