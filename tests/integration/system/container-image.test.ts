// The container image, built by podman from the Containerfile and run by it (ADR 0061): health and the
// HEALTHCHECK's verdict, a demo sign-in, the non-root user, /data kept across a restart and a new container, and a
// graceful stop on SIGTERM. CI builds the image once before the tests (`bun tests/support/container-image.ts`) and
// names it in CRATE_TEST_IMAGE; without that name the test builds it itself. With CI=true a machine without podman
// fails here; elsewhere the podman tests are skipped. The Containerfile's own settings are checked everywhere.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import pkg from "../../../package.json";
import { buildImage, hasCommand, imageExists, podman, podmanOk } from "../../support/container-image.ts";
import { containerfileInstructions, finalStage, namedStage, pairs } from "../../support/containerfile.ts";
import { freePort } from "../../support/server.ts";
import { apiJson, signIn } from "../auth/flow.ts";

const root = join(import.meta.dir, "../../..");
const instructions = containerfileInstructions(root);
const argDefaults = pairs(
  instructions
    .filter((i) => i.keyword === "ARG")
    .map((i) => i.args)
    .join(" "),
);

test("the Containerfile: its bases are build arguments whose defaults are the published images", () => {
  const froms = instructions.filter((i) => i.keyword === "FROM").map((i) => i.args);
  expect(froms).toHaveLength(2);
  expect(froms[0]).toMatch(/^\$\{BUILD_BASE\} AS build$/);
  expect(froms[1]).toMatch(/^\$\{RUN_BASE\}$/);
  // declared before the first FROM, so both stages' FROM lines can use them
  const firstFrom = instructions.findIndex((i) => i.keyword === "FROM");
  const declared = instructions.slice(0, firstFrom).map((i) => i.args.split("=")[0]);
  expect(declared).toEqual(["BUILD_BASE", "RUN_BASE"]);
  expect(argDefaults.BUILD_BASE).toBe("docker.io/library/node:22-bookworm-slim");
  expect(argDefaults.RUN_BASE).toBe("gcr.io/distroless/base-nossl-debian12:nonroot");
  // Bun comes from the npm registry; a build machine's own certificate authority can be handed to npm
  const build = namedStage(instructions, "build");
  expect(build.some((i) => i.keyword === "RUN" && i.args.startsWith("npm ci"))).toBe(true);
  expect(build.some((i) => i.keyword === "ARG" && i.args === "NODE_EXTRA_CA_CERTS")).toBe(true);
  // the image that runs: no RUN (a distroless base has no shell to run one)
  expect(finalStage(instructions).some((i) => i.keyword === "RUN")).toBe(false);
  expect(argDefaults.CRATE_VERSION).toBe(pkg.version);
});

const ci = process.env.CI === "true";
const givenImage = process.env.CRATE_TEST_IMAGE;
const canRun = hasCommand("podman") && (givenImage !== undefined || process.getuid?.() === 0);

describe.skipIf(!canRun && !ci)("the image run by podman", () => {
  const name = `crate-test-${process.pid}`;
  const volume = `crate-test-data-${process.pid}`;
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  let image = givenImage ?? "";

  /**
   * Starts a container of the image on the test's volume, in demo mode. The demo's server reaches its emulators at
   * PUBLIC_URL, so the port inside is the one published (a free one here, rather than the image's 8080).
   */
  function start(): void {
    podmanOk([
      "run",
      "--detach",
      "--name",
      name,
      "--publish",
      `127.0.0.1:${port}:${port}`,
      "--volume",
      `${volume}:/data`,
      "--env",
      "DEMO=on",
      "--env",
      `PORT=${port}`,
      "--env",
      `PUBLIC_URL=${url}`,
      image,
    ]);
  }

  async function healthy(): Promise<unknown> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const health = await fetch(`${url}/api/health`).then(
        (r) => (r.ok ? r.json() : undefined),
        () => undefined,
      );
      if (health !== undefined) return health;
      await Bun.sleep(250);
    }
    return `no answer in 60 s; logs: ${podman(["logs", "--tail", "30", name]).out}`;
  }

  const inspect = (kind: "image" | "container", what: string) =>
    (JSON.parse(podmanOk([kind, "inspect", "--format", "json", what])) as Record<string, unknown>[])[0] ?? {};
  const state = () => inspect("container", name).State as Record<string, unknown>;
  const imageConfig = () => inspect("image", image).Config as Record<string, unknown>;
  /** podman lists the HEALTHCHECK beside the image's config, not in it */
  const imageHealthcheck = () => inspect("image", image).Healthcheck as { Test: string[] };
  const volumeFolder = () => podmanOk(["volume", "inspect", "--format", "{{.Mountpoint}}", volume]).trim();

  beforeAll(async () => {
    if (!hasCommand("podman")) throw new Error("podman is missing (CI=true): .ci/run installs it");
    if (givenImage === undefined)
      image = (await buildImage(undefined, (line) => console.error(`  image: ${line}`))).image;
    if (!imageExists(image)) throw new Error(`the image ${image} was not built: see the image step's log`);
    podman(["rm", "--force", name]);
    podman(["volume", "rm", "--force", volume]);
  }, 1_800_000);

  afterAll(() => {
    if (!hasCommand("podman")) return;
    podman(["rm", "--force", "--time", "0", name]);
    podman(["volume", "rm", "--force", volume]);
  });

  test("the image: user 65532, /data, the HEALTHCHECK, SIGTERM, port 8080 and the labels", () => {
    const config = imageConfig();
    expect(config.User).toBe("65532:65532");
    expect(Object.keys(config.Volumes as object)).toEqual(["/data"]);
    expect(Object.keys(config.ExposedPorts as object)).toEqual(["8080/tcp"]);
    expect(config.StopSignal).toBe("SIGTERM");
    expect(imageHealthcheck().Test).toEqual(["CMD", "/app/crate", "healthcheck"]);
    const labels = config.Labels as Record<string, string>;
    expect(labels["org.opencontainers.image.version"]).toBe(pkg.version);
    expect(labels["org.opencontainers.image.revision"]).not.toBe("unknown");
    const env = Object.fromEntries((config.Env as string[]).map((line) => line.split(/=(.*)/s).slice(0, 2)));
    expect(dirname(env.TOKEN_ENCRYPTION_KEY_FILE ?? "")).not.toBe(dirname(env.DATABASE_PATH ?? ""));
  });

  test("--version names the version and the commit the build was given", () => {
    const revision = (imageConfig().Labels as Record<string, string>)["org.opencontainers.image.revision"];
    const run = podman(["run", "--rm", image, "--version"]);
    expect({ code: run.code, out: run.out.trim() }).toEqual({
      code: 0,
      out: `crate ${pkg.version} (commit ${revision})`,
    });
  }, 60_000);

  let cookieJar: Awaited<ReturnType<typeof signIn>>["jar"];

  test("started (demo chosen with DEMO=on), it answers health, the HEALTHCHECK reports healthy, and a demo listener signs in", async () => {
    start();
    expect(await healthy()).toEqual({ status: "ok" });
    expect(podman(["healthcheck", "run", name]).code).toBe(0);
    expect((state().Health as { Status: string }).Status).toBe("healthy");
    // the check is the server's answer: on a port nothing answers it fails
    const command = imageHealthcheck().Test.slice(1);
    expect(podman(["exec", "--env", `PORT=${freePort()}`, name, ...command]).code).toBe(1);

    const steps = await signIn(url, "crate-free");
    expect(steps.landedOn).toBe("/");
    cookieJar = steps.jar;
    expect((await apiJson(url, "/api/authorize/logged-in", cookieJar)).body).toEqual({ loggedIn: true });
  }, 120_000);

  test("it runs as user 65532, never root, and its files in /data are that user's, the key apart and 0600", () => {
    const pid = Number(state().Pid);
    const uids = readFileSync(`/proc/${pid}/status`, "utf8")
      .match(/^Uid:\s+(.*)$/m)?.[1]
      ?.split(/\s+/);
    expect(uids).toEqual(["65532", "65532", "65532", "65532"]);
    const data = volumeFolder();
    const database = join(data, "db", "crate.db");
    const key = join(data, "key", "crate.key");
    expect(statSync(database).uid).toBe(65532);
    expect(statSync(key).uid).toBe(65532);
    expect(statSync(key).mode & 0o777).toBe(0o600);
  });

  test("SIGTERM stops it gracefully: exit code 0 well before the stop timeout, the database closed", () => {
    const began = performance.now();
    podmanOk(["stop", "--time", "60", name]);
    const tookMs = performance.now() - began;
    expect({ exitCode: state().ExitCode, oomKilled: state().OOMKilled }).toEqual({
      exitCode: 0,
      oomKilled: false,
    });
    // podman sends SIGKILL after 60 s: far from it
    expect(tookMs).toBeLessThan(30_000);
    expect(podman(["logs", name]).out).toContain('"msg":"shutting down","signal":"SIGTERM"');
    // a closed database leaves no write-ahead log behind
    expect(readdirSync(join(volumeFolder(), "db")).filter((file) => file.endsWith("-wal"))).toEqual([]);
  }, 90_000);

  test("/data survives: the listener is still signed in after a restart, and in a new container on the volume", async () => {
    podmanOk(["start", name]);
    expect(await healthy()).toEqual({ status: "ok" });
    expect((await apiJson(url, "/api/authorize/logged-in", cookieJar)).body).toEqual({ loggedIn: true });

    podmanOk(["rm", "--force", "--time", "30", name]);
    start();
    expect(await healthy()).toEqual({ status: "ok" });
    expect((await apiJson(url, "/api/authorize/logged-in", cookieJar)).body).toEqual({ loggedIn: true });
    expect(existsSync(join(volumeFolder(), "key", "crate.key"))).toBe(true);
  }, 180_000);
});
