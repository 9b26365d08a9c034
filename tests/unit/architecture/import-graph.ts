// Reads the relative imports of every TypeScript file under src/ and finds cycles and layer violations.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const srcRoot = resolve(import.meta.dir, "../../../src");

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

export interface Edge {
  from: string;
  to: string;
  /** erased at compile time (`import type`, or every name marked `type`): no load-order tie at run time */
  typeOnly?: boolean;
}

// `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`.
const importPattern =
  /\b(?:import|export)\s+(type\s+)?([^;"'`]*?)\s*from\s*["'](\.{1,2}\/[^"']+)["']|\bimport\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function onlyTypes(keyword: string | undefined, names: string | undefined): boolean {
  if (keyword) return true;
  const braces = names?.match(/^\{([^}]*)\}$/s);
  if (!braces) return false;
  const specifiers = (braces[1] as string)
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return specifiers.length > 0 && specifiers.every((name) => name.startsWith("type "));
}

/** Every relative import between files of src/, as paths relative to src/. */
export function fileEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(srcRoot)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(importPattern)) {
      const [, typeKeyword, names, fromSpecifier, bareSpecifier] = match;
      const target = resolve(dirname(file), (fromSpecifier ?? bareSpecifier) as string);
      if (!/\.tsx?$/.test(target)) continue; // html, css and json imports are assets, not modules
      edges.push({
        from: relative(srcRoot, file),
        to: relative(srcRoot, target),
        typeOnly: onlyTypes(typeKeyword, names?.trim()),
      });
    }
  }
  return edges;
}

/** The folder a file belongs to: `server/distribution` for `server/distribution/service.ts`, nested folders kept. */
export function folderOf(path: string): string {
  return dirname(path);
}

/** One cycle per strongly connected component with more than one node, as a path that closes on itself. */
export function findCycles(edges: Edge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)?.add(to);
  }
  // Tarjan's strongly connected components
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indices.get(next) as number));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return components.map((component) => cycleWithin(component, graph));
}

/** A shortest closed path through the component's first node, so the message names real import edges. */
function cycleWithin(component: string[], graph: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        let step = node;
        while (step !== start) {
          step = previous.get(step) as string;
          path.unshift(step);
        }
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return component;
}
