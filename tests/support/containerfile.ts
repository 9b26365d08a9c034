// Reads the Containerfile's instructions (continuation lines joined, comments left out), so a test checks the
// image the file describes rather than a copy of its settings.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface Instruction {
  keyword: string;
  args: string;
}

export function containerfileInstructions(root: string): Instruction[] {
  const joined = readFileSync(join(root, "Containerfile"), "utf8")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const space = line.indexOf(" ");
      return { keyword: line.slice(0, space).toUpperCase(), args: line.slice(space + 1).trim() };
    });
}

/** The instructions of the last stage (the image that runs). */
export function finalStage(instructions: Instruction[]): Instruction[] {
  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf("FROM");
  return instructions.slice(lastFrom);
}

/** `KEY=value KEY2="value"` pairs (ENV, LABEL, ARG defaults). */
export function pairs(args: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z0-9_.-]+)=("([^"]*)"|\S*)/g)) {
    const [, key, raw, quoted] = match;
    if (key) found[key] = quoted ?? raw ?? "";
  }
  return found;
}

/** The instructions of the stage named `name` (`FROM … AS name`). */
export function namedStage(instructions: Instruction[], name: string): Instruction[] {
  const start = instructions.findIndex((i) => i.keyword === "FROM" && i.args.endsWith(` AS ${name}`));
  const next = instructions.findIndex((i, at) => at > start && i.keyword === "FROM");
  return instructions.slice(start, next < 0 ? undefined : next);
}
