// Which facts the configured sources can give now: every source of the registry that gives the fact, Spotify
// only while it still gives it to this app.
import { type MetadataFact, provides } from "../../shared/metadata-sources.ts";
import type { Deps } from "../deps/deps.ts";
import { spotifyGives } from "./spotify-source.ts";

export function factAvailable(deps: Pick<Deps, "db" | "config" | "clock">, fact: MetadataFact): boolean {
  return deps.config.metadata.sources.some(
    (source) =>
      provides(source, fact) &&
      (source !== "spotify" || spotifyGives(deps.db.$client, fact, deps.clock.now())),
  );
}
