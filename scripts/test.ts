// `npm test`: every test file in two worker processes that keep their modules, slowest first (ADR 0042); then, alone,
// the files whose figures are wall-clock times on a throttled phone, so no other file's work is in their times, and
// the container test.
// Ends with the totals of both runs in bun's own summary lines. Given arguments (`npm test -- <files or flags>`),
// it is one plain `bun test` with them.
const TIMEOUT = ["--timeout", "120000"];
/**
 * Run after the others, with nothing beside them: the files that compare or bound wall-clock times (another file's
 * work on the two cores would land in one timing and not the other), and the container test, whose network set-up
 * makes a browser beside it fail its loads (net::ERR_NETWORK_CHANGED).
 */
const ALONE = [
  "tests/e2e/phone-speed.test.ts",
  "tests/e2e/my-data.test.ts",
  "tests/integration/distribution/forged-cookies.test.ts",
  "tests/integration/system/container-image.test.ts",
];

interface Totals {
  pass: number;
  fail: number;
  tests: number;
  files: number;
  seconds: number;
  /** bun printed its summary (a run that crashed did not) */
  complete: boolean;
}

/** Runs `bun test` with `args`, passing its output through, and reads its summary lines. */
async function bunTest(args: string[]): Promise<{ code: number; totals: Totals }> {
  const child = Bun.spawn([process.execPath, "test", ...args], { stdout: "pipe", stderr: "pipe" });
  let text = "";
  const forward = async (from: ReadableStream<Uint8Array>, to: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    const reader = from.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      to.write(read.value);
      text += decoder.decode(read.value, { stream: true });
    }
  };
  await Promise.all([forward(child.stdout, process.stdout), forward(child.stderr, process.stderr)]);
  const code = await child.exited;
  const count = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? 0);
  const ran = text.match(/^Ran (\d+) tests? across (\d+) files?\. \[([\d.]+)(m?s)\]$/m);
  return {
    code,
    totals: {
      pass: count(/^ *(\d+) pass$/m),
      fail: count(/^ *(\d+) fail$/m),
      tests: Number(ran?.[1] ?? 0),
      files: Number(ran?.[2] ?? 0),
      seconds: ran ? Number(ran[3]) / (ran[4] === "ms" ? 1000 : 1) : 0,
      complete: ran !== null,
    },
  };
}

const given = process.argv.slice(2);
if (given.length > 0) process.exit((await bunTest([...TIMEOUT, ...given])).code);

const began = performance.now();
const together = await bunTest([
  ...TIMEOUT,
  "--parallel=2",
  "--no-isolate",
  "--timings=tests/timings.json",
  ...ALONE.map((file) => `--path-ignore-patterns=${file}`),
]);
const alone = await bunTest([...TIMEOUT, ...ALONE]);
const runs = [together, alone];
const sum = (key: "pass" | "fail" | "tests" | "files") => runs.reduce((n, run) => n + run.totals[key], 0);
const seconds = ((performance.now() - began) / 1000).toFixed(2);
console.log(
  `\nBoth runs (${together.totals.files} files in two processes in ${together.totals.seconds.toFixed(2)}s, ` +
    `then ${ALONE.length} alone in ${alone.totals.seconds.toFixed(2)}s):`,
);
console.log(` ${sum("pass")} pass`);
console.log(` ${sum("fail")} fail`);
console.log(`Ran ${sum("tests")} tests across ${sum("files")} files. [${seconds}s]`);
const failed = runs.some((run) => run.code !== 0 || !run.totals.complete);
process.exit(failed ? 1 : 0);
