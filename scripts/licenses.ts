// Writes src/shared/licenses.json: every package the product ships (the dependencies in package.json, their
// production dependencies, transitively, and the Bun runtime that the compiled binary carries) with its licence.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export interface LicenseEntry {
  name: string;
  version: string;
  license: string;
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: ({ type?: string } | string)[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Packages that ship without being a dependency: the runtime embedded in the single binary. */
const alsoShipped = ["bun"];

/** Type declarations are used only while compiling; nothing of them ends up in the bundle or the binary. */
const isTypeDeclarations = (name: string) => name.startsWith("@types/");

function readJson(path: string): PackageJson {
  return JSON.parse(readFileSync(path, "utf8")) as PackageJson;
}

export function licenseOf(pkg: PackageJson): string {
  if (typeof pkg.license === "string") return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  const types = (pkg.licenses ?? []).map((item) => (typeof item === "string" ? item : (item.type ?? "")));
  const named = types.filter(Boolean);
  return named.length > 0 ? named.join(" OR ") : "UNKNOWN";
}

/** Node's lookup: `<from>/node_modules/<name>`, then each parent folder's node_modules, up to the root. */
function locate(name: string, fromDir: string, rootDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, "node_modules", name, "package.json");
    if (existsSync(candidate)) return candidate;
    if (dir === rootDir) return undefined;
    const parent = dirname(dir);
    // step out of "node_modules/<scope>/<pkg>" to the folder holding that node_modules
    dir = parent.endsWith("node_modules") ? dirname(parent) : parent;
    if (dir.endsWith("node_modules")) dir = dirname(dir);
    if (!dir.startsWith(rootDir)) return undefined;
  }
}

export function collectLicenses(rootDir: string): LicenseEntry[] {
  const root = readJson(join(rootDir, "package.json"));
  const seen = new Map<string, LicenseEntry>();
  const queue: { name: string; fromDir: string; optional: boolean }[] = [
    ...Object.keys(root.dependencies ?? {}).map((name) => ({ name, fromDir: rootDir, optional: false })),
    ...alsoShipped.map((name) => ({ name, fromDir: rootDir, optional: true })),
  ];
  const visitedPaths = new Set<string>();
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    const path = locate(next.name, next.fromDir, rootDir);
    if (!path) {
      if (next.optional) continue;
      throw new Error(`${next.name} is not installed; run npm install first`);
    }
    if (visitedPaths.has(path) || isTypeDeclarations(next.name)) continue;
    visitedPaths.add(path);
    const pkg = readJson(path);
    const name = pkg.name ?? next.name;
    const version = pkg.version ?? "0.0.0";
    seen.set(`${name}@${version}`, { name, version, license: licenseOf(pkg) });
    const packageDir = dirname(path);
    for (const dep of Object.keys(pkg.dependencies ?? {}))
      queue.push({ name: dep, fromDir: packageDir, optional: false });
    // optional dependencies ship only when installed (platform builds); peers are the root's own dependencies
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
      queue.push({ name: dep, fromDir: packageDir, optional: true });
    }
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

if (import.meta.main) {
  const rootDir = resolve(import.meta.dir, "..");
  const entries = collectLicenses(rootDir);
  const target = join(rootDir, "src/shared/licenses.json");
  writeFileSync(target, `${JSON.stringify(entries, null, 2)}\n`);
  console.log(`${entries.length} packages written to src/shared/licenses.json`);
}
