// What `crate --version` prints: the package's version and the commit the build came from.
import pkg from "../../../package.json";

export const version: string = pkg.version;

/** The binary's commit (defined at compile time); from source, the checkout's HEAD when git can say it. */
export function buildCommit(): string {
  if (typeof CRATE_COMMIT !== "undefined" && CRATE_COMMIT) return CRATE_COMMIT;
  try {
    const git = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], {
      cwd: import.meta.dir,
      stdout: "pipe",
      stderr: "ignore",
    });
    const commit = git.stdout.toString().trim();
    if (git.exitCode === 0 && commit) return commit;
  } catch {
    // no git on this machine
  }
  return "unknown";
}

export const versionLine = (): string => `crate ${version} (commit ${buildCommit()})`;
