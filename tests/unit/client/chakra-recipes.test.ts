import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig } from "@chakra-ui/react";
import { system } from "../../../src/client/theme.ts";

// The app's Chakra system carries only some of the default theme's recipes (src/client/chakra-theme.ts). A component
// whose recipe is missing silently renders without its styles, so every recipe a bundled Chakra component asks for
// must be there.

const root = join(import.meta.dir, "../../..");

/** Recipe keys named by the Chakra component modules that end up in the client bundle. */
async function recipeKeysOfBundledComponents(): Promise<Map<string, string>> {
  const result = await Bun.build({
    entrypoints: [join(root, "src/client/index.html")],
    target: "browser",
    splitting: true,
    metafile: true,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success || !result.metafile) throw new AggregateError(result.logs, "bundle failed");
  const keys = new Map<string, string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      if (!input.includes("@chakra-ui/react/dist/esm/components/")) continue;
      const text = readFileSync(join(root, input), "utf8");
      for (const match of text.matchAll(/\bkey: "([A-Za-z]+)"/g)) keys.set(match[1] ?? "", input);
    }
  }
  return keys;
}

describe("the Chakra system", () => {
  test("has the default recipe of every Chakra component the app bundles", async () => {
    const keys = await recipeKeysOfBundledComponents();
    // the bundle certainly holds buttons and the toast; without them the scan itself is broken
    expect(keys.has("button")).toBe(true);
    expect(keys.has("toast")).toBe(true);
    const defaults = { ...defaultConfig.theme?.recipes, ...defaultConfig.theme?.slotRecipes };
    const missing = [...keys.keys()].filter((key) => key in defaults && !system.hasRecipe(key));
    expect(missing).toEqual([]);
  }, 60_000);

  test("leaves out recipes of components the app does not use", () => {
    expect(system.hasRecipe("colorPicker")).toBe(false);
    expect(system.hasRecipe("button")).toBe(true);
    expect(system.isSlotRecipe("dialog")).toBe(true);
  });
});
