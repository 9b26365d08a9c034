// The sample Grafana dashboard only queries metrics Crate exports.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/client.ts";
import { createMetrics } from "../../../src/server/metrics/registry.ts";

test("every metric the dashboard queries exists", async () => {
  const dashboard = (await Bun.file(
    join(import.meta.dir, "../../../docs/grafana-dashboard.json"),
  ).json()) as {
    panels: { targets?: { expr: string }[] }[];
  };
  const database = openDatabase(":memory:");
  try {
    const exported = new Set(
      (await createMetrics({ db: database.db, now: () => 0 }).registry.getMetricsAsJSON()).map((m) => m.name),
    );
    const queried = dashboard.panels
      .flatMap((p) => p.targets ?? [])
      .flatMap((t) => t.expr.match(/crate_[a-z_]+/g) ?? [])
      .map((name) => name.replace(/_(bucket|sum|count)$/, ""));
    expect(queried.length).toBeGreaterThan(10);
    for (const name of queried) expect(exported.has(name), name).toBe(true);
  } finally {
    database.close();
  }
});
