// The README's install (`npm ci`) with npm's install-script policy made strict (`--strict-allow-scripts`: what
// npm 12 does by default): every install script the project needs is approved in package.json's `allowScripts`,
// so the install passes, and bun's own script leaves a working Bun behind.
// npm makes the check while it plans the install, before it fetches or unpacks anything, so a dry run of the whole
// tree is the check itself; the scripts then run in a real install of bun alone, from the same lockfile entries
// (unpacking all 532 packages again only repeated what CI's own install had just done).
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../../package.json";
import { tempDir } from "../../support/server.ts";

const root = join(import.meta.dir, "../../..");
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, { hasInstallScript?: boolean; version?: string }>;
}
const lockfile = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as Lockfile;

/** A folder holding these package files (and the project's .npmrc, if any). */
function withPackageFiles(packageJson: unknown, lock: unknown): string {
  const folder = tempDir("crate-install-");
  folders.push(folder);
  writeFileSync(join(folder, "package.json"), JSON.stringify(packageJson, null, 2));
  writeFileSync(join(folder, "package-lock.json"), JSON.stringify(lock, null, 2));
  if (existsSync(join(root, ".npmrc")))
    writeFileSync(join(folder, ".npmrc"), readFileSync(join(root, ".npmrc")));
  return folder;
}

/** `npm ci` with the strict install-script check; --prefer-offline: the packages come from CI's own install. */
async function npmCi(folder: string, ...flags: string[]): Promise<{ code: number; output: string }> {
  const install = Bun.spawn(
    ["npm", "ci", "--no-audit", "--no-fund", "--strict-allow-scripts", "--prefer-offline", ...flags],
    {
      cwd: folder,
      env: { ...process.env, npm_config_update_notifier: "false" },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [out, err, code] = await Promise.all([
    new Response(install.stdout).text(),
    new Response(install.stderr).text(),
    install.exited,
  ]);
  return { code, output: `${out}${err}` };
}

describe("npm ci with strict install-script checks", () => {
  test("every install script of the locked tree is approved: bun's and esbuild's, and none other", async () => {
    expect(pkg.allowScripts).toEqual({ bun: true, esbuild: true });
    const withScripts = Object.entries(lockfile.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(new Set(withScripts)).toEqual(new Set(Object.keys(pkg.allowScripts)));

    const planned = await npmCi(withPackageFiles(pkg, lockfile), "--dry-run");
    expect({ code: planned.code, output: planned.code === 0 ? "" : planned.output }).toEqual({
      code: 0,
      output: "",
    });
    expect(planned.output).not.toContain("not yet covered by allowScripts");

    // the same check refuses a tree whose scripts are not all approved, naming them
    const refused = await npmCi(
      withPackageFiles({ ...pkg, allowScripts: { bun: true } }, lockfile),
      "--dry-run",
    );
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("esbuild@");
  }, 120_000);

  test("bun's install script runs under the check and leaves node_modules/.bin/bun", async () => {
    const bunEntries = Object.fromEntries(
      Object.entries(lockfile.packages).filter(
        ([path]) => path === "node_modules/bun" || path.startsWith("node_modules/@oven/bun-"),
      ),
    );
    const devDependencies = { bun: pkg.devDependencies.bun };
    const only = {
      name: pkg.name,
      version: pkg.version,
      private: true,
      devDependencies,
      allowScripts: { bun: true },
    };
    const folder = withPackageFiles(only, {
      name: pkg.name,
      version: pkg.version,
      lockfileVersion: lockfile.lockfileVersion,
      requires: true,
      packages: { "": { name: pkg.name, version: pkg.version, devDependencies }, ...bunEntries },
    });
    const install = await npmCi(folder);
    expect({ code: install.code, output: install.code === 0 ? "" : install.output }).toEqual({
      code: 0,
      output: "",
    });
    const bun = Bun.spawnSync([join(folder, "node_modules", ".bin", "bun"), "--version"], { cwd: folder });
    expect(bun.exitCode).toBe(0);
    expect(bun.stdout.toString().trim()).toBe(pkg.devDependencies.bun);
  }, 120_000);
});
