// The README's install (`npm ci`) on a copy of the repository's package files, with npm's install-script policy
// made strict (`--strict-allow-scripts`: what npm 12 does by default): every install script the project needs is
// approved in package.json's `allowScripts`, so the install passes and leaves a working Bun behind.
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../../package.json";
import { tempDir } from "../../support/server.ts";

const root = join(import.meta.dir, "../../..");
const copy = tempDir("crate-install-");
afterAll(() => rmSync(copy, { recursive: true, force: true }));

test("npm ci with strict install-script checks runs bun's and esbuild's scripts and leaves node_modules/.bin/bun", async () => {
  expect(pkg.allowScripts).toEqual({ bun: true, esbuild: true });
  for (const file of ["package.json", "package-lock.json", ".npmrc"])
    if (existsSync(join(root, file))) copyFileSync(join(root, file), join(copy, file));
  // --prefer-offline: the packages CI's own install just fetched come from npm's cache without asking the registry
  // again (the install scripts, the subject here, run all the same).
  const install = Bun.spawn(
    ["npm", "ci", "--no-audit", "--no-fund", "--strict-allow-scripts", "--prefer-offline"],
    {
      cwd: copy,
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
  expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
  expect(`${out}${err}`).not.toContain("not yet covered by allowScripts");
  const bun = Bun.spawnSync([join(copy, "node_modules", ".bin", "bun"), "--version"], { cwd: copy });
  expect(bun.exitCode).toBe(0);
  expect(bun.stdout.toString().trim()).toBe(pkg.devDependencies.bun);
}, 900_000);
