import { describe, expect, test } from "bun:test";
import { findCycles } from "./import-graph.ts";

describe("findCycles", () => {
  test("names the edges of a cycle, closed on its first node", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "b", to: "c" },
      { from: "c", to: "a" },
      { from: "c", to: "d" },
    ];
    expect(findCycles(edges)).toEqual([["a", "b", "c", "a"]]);
  });

  test("finds nothing in a graph without cycles, and ignores a file importing itself", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "a", to: "c" },
      { from: "b", to: "c" },
      { from: "c", to: "c" },
    ];
    expect(findCycles(edges)).toEqual([]);
  });

  test("reports each knot once", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "b", to: "a" },
      { from: "x", to: "y" },
      { from: "y", to: "x" },
    ];
    expect(findCycles(edges)).toHaveLength(2);
  });
});
