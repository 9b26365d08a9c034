// The container image of the Containerfile, built and started where the tests run. A test machine may have no
// container registry to pull the base images from, and a container runtime that cannot start containers (crun
// fails to set rlimits without CAP_SYS_RESOURCE), so the test carries out the
// Containerfile's steps into folders instead: the build stage in a folder of its own (its COPY lines, its RUN with
// CRATE_COMMIT as a build argument; npm ci's result is the repository's node_modules, the install having its own
// test), the final stage's COPY --from=build lines into an image root, the base's C library (the libraries the
// binary links, from this Debian 12 machine, as distroless/base-nossl-debian12 carries them); then it runs the
// ENTRYPOINT there with chroot as the USER, with the ENV, /proc and /dev bound in a private mount namespace, and
// checks health, the HEALTHCHECK command, a demo sign-in, where the files landed and the STOPSIGNAL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import pkg from "../../../package.json";
import {
  containerfileInstructions,
  copyFromStage,
  finalStage,
  namedStage,
  pairs,
  runBuildStage,
} from "../../support/containerfile.ts";
import { freePort, tempDir } from "../../support/server.ts";
import { apiJson, signIn } from "../auth/flow.ts";

const root = join(import.meta.dir, "../../..");
const instructions = containerfileInstructions(root);
const image = finalStage(instructions);
const all = (keyword: string) => image.filter((i) => i.keyword === keyword);
const one = (keyword: string) => all(keyword).at(-1)?.args ?? "";
const json = (args: string) => JSON.parse(args) as string[];
const COMMIT = "c0ffee0c0ffee";

let rootfs: string;
let stageRoot: string;
let user: [number, number];
let env: Record<string, string>;
let server: ReturnType<typeof Bun.spawn> | undefined;
let url: string;
let port: number;

/** A command of the image run as its USER inside the folder, /proc and /dev bound in a private mount namespace. */
function inImage(command: string[], extraEnv: Record<string, string>) {
  const quoted = command.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const script = `mount --bind /proc "$R/proc" && mount --bind /dev "$R/dev" && exec chroot --userspec=${user.join(":")} "$R" ${quoted}`;
  return Bun.spawn(["unshare", "--mount", "sh", "-c", script], {
    env: { PATH: process.env.PATH ?? "", R: rootfs, ...env, ...extraEnv },
    stdout: "pipe",
    stderr: "pipe",
  });
}

test("the Containerfile: two stages, Bun from the npm registry, non-root, /data, health check, SIGTERM, labels", () => {
  const froms = instructions.filter((i) => i.keyword === "FROM");
  expect(froms.length).toBe(2);
  expect(froms[0]?.args).toEndWith("AS build");
  expect(instructions.some((i) => i.keyword === "RUN" && i.args.startsWith("npm ci"))).toBe(true);
  expect(image[0]?.args).toStartWith("gcr.io/distroless/base-nossl-debian12:nonroot");
  expect(one("USER")).toBe("65532:65532");
  expect(json(one("VOLUME"))).toEqual(["/data"]);
  expect(one("STOPSIGNAL")).toBe("SIGTERM");
  expect(one("HEALTHCHECK")).toContain('CMD ["/app/crate", "healthcheck"]');
  const labels = pairs(
    all("LABEL")
      .map((l) => l.args)
      .join(" "),
  );
  expect(labels["org.opencontainers.image.version"]).toBe("$CRATE_VERSION");
  expect(labels["org.opencontainers.image.source"]).toBe("$CRATE_SOURCE");
  // the version label's default is package.json's version
  expect(
    pairs(
      all("ARG")
        .map((a) => a.args)
        .join(" "),
    ).CRATE_VERSION,
  ).toBe(pkg.version);
  const vars = pairs(
    all("ENV")
      .map((e) => e.args)
      .join(" "),
  );
  expect(vars.DATABASE_PATH).toStartWith("/data/");
  expect(vars.TOKEN_ENCRYPTION_KEY_FILE).toStartWith("/data/");
  expect(dirname(vars.TOKEN_ENCRYPTION_KEY_FILE ?? "")).not.toBe(dirname(vars.DATABASE_PATH ?? ""));
  expect(vars.BACKUP_DIR).toStartWith("/data/");
});

beforeAll(() => {
  if (process.getuid?.() !== 0)
    throw new Error("needs root: it binds /proc and /dev, chroots and chowns /data");
  for (const tool of ["unshare", "chroot", "ldd"])
    if (Bun.spawnSync(["sh", "-c", `command -v ${tool}`]).exitCode !== 0) throw new Error(`needs ${tool}`);
  // the build stage, in a folder of its own: its COPY lines from the repository, npm ci's result (the repository's
  // own node_modules, linked; the install has its own test), its RUN with the commit as a build argument
  stageRoot = tempDir("crate-build-stage-");
  runBuildStage(namedStage(instructions, "build"), {
    context: root,
    stageRoot,
    args: { CRATE_COMMIT: COMMIT },
    install: (workdir) => symlinkSync(join(root, "node_modules"), join(workdir, "node_modules")),
  });
  rootfs = tempDir("crate-image-");
  // the image's root is readable by everyone, as in any image (mkdtemp makes it 0700)
  chmodSync(rootfs, 0o755);
  const [uid, gid] = one("USER").split(":").map(Number);
  user = [uid ?? -1, gid ?? -1];
  // the final stage's COPY --from=build lines: the binary, and /data with its folders owned by the user
  copyFromStage(image, stageRoot, rootfs);
  // the base: the C library the binary links, /etc/passwd's nonroot, /tmp; mount points for /proc and /dev
  const linked = Bun.spawnSync(["ldd", join(rootfs, "app", "crate")]).stdout.toString();
  for (const lib of linked.matchAll(/(\/\S+\.so[.\d]*)/g)) {
    const path = lib[1] ?? "";
    mkdirSync(join(rootfs, dirname(path)), { recursive: true });
    copyFileSync(path, join(rootfs, path));
  }
  mkdirSync(join(rootfs, "etc"));
  writeFileSync(
    join(rootfs, "etc", "passwd"),
    `root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n`,
  );
  for (const folder of ["proc", "dev", "tmp"]) mkdirSync(join(rootfs, folder));
  chmodSync(join(rootfs, "tmp"), 0o1777);
  env = pairs(
    all("ENV")
      .map((e) => e.args)
      .join(" "),
  );
  port = freePort();
  url = `http://127.0.0.1:${port}`;
}, 300_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await server?.exited;
  rmSync(rootfs, { recursive: true, force: true });
  rmSync(stageRoot, { recursive: true, force: true });
});

test("--version in the image names the version and the commit the build was given", async () => {
  const run = inImage([...json(one("ENTRYPOINT")), "--version"], {});
  const [out, err, code] = await Promise.all([
    new Response(run.stdout).text(),
    new Response(run.stderr).text(),
    run.exited,
  ]);
  expect({ code, err }).toEqual({ code: 0, err: "" });
  expect(out.trim()).toBe(`crate ${pkg.version} (commit ${COMMIT})`);
}, 60_000);

test("started as in the image (demo chosen with DEMO=on) it answers health, the HEALTHCHECK passes, and a demo listener signs in", async () => {
  // the port is a free one here rather than EXPOSE's 8080, since this run shares the machine's network
  server = inImage(json(one("ENTRYPOINT")), {
    DEMO: "on",
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
  });
  const deadline = Date.now() + 60_000;
  let health: unknown;
  while (Date.now() < deadline && health === undefined) {
    health = await fetch(`${url}/api/health`).then(
      (r) => (r.ok ? r.json() : undefined),
      () => undefined,
    );
    if (health === undefined) await Bun.sleep(200);
  }
  expect(health).toEqual({ status: "ok" });

  const check = json(
    one("HEALTHCHECK")
      .slice(one("HEALTHCHECK").indexOf("CMD") + 3)
      .trim(),
  );
  const probe = inImage(check, { PORT: String(port) });
  expect(await probe.exited).toBe(0);
  const wrongPort = inImage(check, { PORT: String(freePort()) });
  expect(await wrongPort.exited).toBe(1);

  const steps = await signIn(url, "crate-free");
  expect(steps.landedOn).toBe("/");
  expect((await apiJson(url, "/api/authorize/logged-in", steps.jar)).body).toEqual({ loggedIn: true });
}, 120_000);

test("its state is in /data, owned by the image's user, the key apart from the database; SIGTERM stops it cleanly", async () => {
  const database = join(rootfs, env.DATABASE_PATH ?? "");
  const key = join(rootfs, env.TOKEN_ENCRYPTION_KEY_FILE ?? "");
  expect(existsSync(database)).toBe(true);
  expect(statSync(database).uid).toBe(user[0]);
  expect(statSync(key).uid).toBe(user[0]);
  expect(statSync(key).mode & 0o777).toBe(0o600);
  expect(dirname(key)).not.toBe(dirname(database));
  server?.kill(one("STOPSIGNAL") as NodeJS.Signals);
  expect(await server?.exited).toBe(0);
  server = undefined;
}, 60_000);
