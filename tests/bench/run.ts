// `bun run bench`: runs the benchmarks and prints their figures as a table.
import { type RunFigures, runDistributionBenchmark } from "./distribution.bench.ts";

const pad = (text: string, width: number, right = false) =>
  right ? text.padStart(width) : text.padEnd(width);

function table(rows: RunFigures[]): string {
  const header = [
    "run",
    "calls",
    "lower bound",
    "ratio",
    "wall ms",
    "cpu ms",
    "peak MB",
    "calls by endpoint",
  ];
  const widths = [26, 7, 11, 6, 9, 9, 8, 0];
  const lines = [header.map((h, i) => pad(h, widths[i] ?? 0, i > 0 && i < 7)).join("  ")];
  for (const r of rows) {
    const endpoints = Object.entries(r.calls)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    const cells = [
      r.label,
      String(r.totalCalls),
      String(r.lowerBound),
      (r.totalCalls / Math.max(1, r.lowerBound)).toFixed(3),
      r.wallMs.toFixed(0),
      r.cpuMs.toFixed(0),
      r.peakRssMb.toFixed(0),
      endpoints,
    ];
    lines.push(cells.map((c, i) => pad(c, widths[i] ?? 0, i > 0 && i < 7)).join("  "));
  }
  return lines.join("\n");
}

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const rows = await runDistributionBenchmark(sizes.length > 0 ? sizes : undefined);
console.log(table(rows));
console.log("\nNoticing the listener's edits in Spotify (library listing or checks, versions, items read):");
for (const r of rows)
  if (r.noticing)
    console.log(
      `  ${String(r.likes).padStart(6)} likes, ${r.label.trim()}: ${r.noticing.calls} calls for ${r.noticing.written} playlists written (${r.noticing.placed} at a place)`,
    );

const full = rows.filter((r) => !r.label.startsWith(" "));
const targets: string[] = [];
for (const r of rows) {
  if (r.totalCalls > r.lowerBound * 1.05)
    targets.push(`MISSED: ${r.label.trim()} uses ${r.totalCalls} calls, bound ${r.lowerBound}`);
  if (r.label.includes("hourly, 0 new likes") && r.totalCalls !== 1)
    targets.push(`MISSED: idle hourly sync used ${r.totalCalls} calls`);
}
const smallest = full[0];
const largest = full.at(-1);
if (smallest && largest && largest !== smallest) {
  const scale = largest.likes / smallest.likes;
  const callRatio = largest.totalCalls / smallest.totalCalls;
  const wallRatio = largest.wallMs / smallest.wallMs;
  const cpuRatio = largest.cpuMs / smallest.cpuMs;
  console.log(
    `\n${largest.likes} vs ${smallest.likes} likes (×${scale}): calls ×${callRatio.toFixed(2)}, wall ×${wallRatio.toFixed(2)}, cpu ×${cpuRatio.toFixed(2)}`,
  );
  const limit = scale * 1.05;
  if (callRatio > limit || wallRatio > limit)
    targets.push(`MISSED: cost grows faster than the library (limit ×${limit})`);
}
console.log(targets.length === 0 ? "\nAll targets met." : `\n${targets.join("\n")}`);

// Every other *.bench.ts that exports `report()` (load, scale, …) prints its own tables after the one above.
for (const file of [...new Bun.Glob("*.bench.ts").scanSync({ cwd: import.meta.dir })].sort()) {
  const bench = (await import(`./${file}`)) as { report?: () => Promise<string> };
  if (typeof bench.report !== "function") continue;
  try {
    console.log(`\n${await bench.report()}`);
  } catch (error) {
    console.log(
      `\n${file} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  }
}
