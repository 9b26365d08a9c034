import { describe, expect, test } from "bun:test";
import { renderingWith, unlessRendered } from "../../../src/client/lib/rendered-data.ts";

// The data a page was rendered with on the server is not fetched again while the app takes that page over; any
// other data keeps the query's own rule (ADR 0033).

const query = (dataUpdatedAt: number) => ({ state: { dataUpdatedAt } });

describe("refetching on mount around a rendered page", () => {
  test("the rendered page's own data is taken as it is", () => {
    renderingWith(1_000);
    expect(unlessRendered("always")(query(1_000))).toBe(false);
    expect(unlessRendered(true)(query(1_000))).toBe(false);
  });

  test("data fetched before or after it keeps the query's rule", () => {
    renderingWith(1_000);
    expect(unlessRendered("always")(query(999))).toBe("always");
    expect(unlessRendered("always")(query(1_001))).toBe("always");
    expect(unlessRendered(true)(query(0))).toBe(true);
  });
});
