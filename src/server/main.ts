import { type Config, ConfigError, parseConfig } from "./config/config.ts";
import { runDoctorCommand } from "./doctor/cli.ts";
import { announceStart } from "./doctor/startup.ts";
import { StartupError } from "./platform/errors.ts";
import { versionLine } from "./platform/version.ts";
import { startServer } from "./server.ts";
import { backupDatabase } from "./system/backup.ts";
import { probeHealth } from "./system/healthcheck.ts";
import { RestoreError, restoreDatabase } from "./system/restore.ts";

async function main(argv: string[]) {
  if (argv[0] === "--version" || argv[0] === "version") {
    console.log(versionLine());
    return;
  }
  if (argv[0] === "healthcheck") {
    // PORT alone: the check runs beside the server, whose other settings it does not need
    const port = Number.parseInt(process.env.PORT ?? "3000", 10);
    process.exit((await probeHealth(port)) ? 0 : 1);
  }
  // everything Crate writes (database, key, backups, emulator state) is for its own user only
  process.umask(0o077);
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      // the doctor's first check is the configuration itself
      console.error(argv[0] === "doctor" ? `✗ Configuration: ${e.message}` : e.message);
      process.exit(1);
    }
    throw e;
  }
  if (argv[0] === "doctor") {
    process.exit(await runDoctorCommand(config));
  }
  if (argv[0] === "backup") {
    const target = argv[1];
    if (!target) {
      console.error("Usage: crate backup <file>");
      process.exit(1);
    }
    try {
      const result = backupDatabase(config.databasePath, target);
      console.log(`Backup written to ${result.file} (${result.bytes} bytes)`);
    } catch (e) {
      console.error(`Backup failed: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    }
    return;
  }
  if (argv[0] === "restore") {
    if (!argv[1]) {
      console.error("Usage: crate restore <file>");
      process.exit(1);
    }
    try {
      const result = restoreDatabase(argv[1], config.databasePath);
      console.log(`Restored ${argv[1]} into ${result.file} (${result.bytes} bytes)`);
    } catch (e) {
      // RestoreError says what is wrong with the file; anything else (e.g. a full disk) is shown as it came.
      console.error(
        `Restore failed: ${e instanceof RestoreError || e instanceof Error ? e.message : String(e)}`,
      );
      process.exit(1);
    }
    return;
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (e) {
    if (e instanceof StartupError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  void announceStart(config, server.log);
  const shutdown = async (signal: string) => {
    server.log.info("shutting down", { signal });
    await server.stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

await main(process.argv.slice(2));
