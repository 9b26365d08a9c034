// axe-core in the page under test: the serious and critical violations, formatted for an assertion message.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the whole page; returns one line per serious or critical violation (empty when none). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // once per document: a page the app navigates within keeps it
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Axe = {
      run(context: Document, options: { resultTypes: string[] }): Promise<{ violations: unknown[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    // every rule still runs; only the violations' nodes are collected in full (axe's own advice for speed)
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${page.url()} ${v.id} (${v.impact}): ${v.help}; ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}
