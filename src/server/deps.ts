import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Logger } from "./log.ts";

/** What services need, built once at start and passed in (never read from globals during a request). */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
}
