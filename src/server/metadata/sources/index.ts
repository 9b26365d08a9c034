// The registry of the open metadata sources: one line per source, its definition in its own folder (client, pace,
// the doctor's probe, lookup). Its name, label, the facts it gives and its base URL are its entry of
// src/shared/metadata-sources.ts; its emulator is one line of src/emulators/metadata.ts. The types refuse a
// declared open source missing here, and a line here for a source not declared there.
import type { OpenMetadataSourceName } from "../../../shared/metadata-sources.ts";
import type { OpenMetadataSource } from "../source-base/definition.ts";
import { deezer } from "./deezer/index.ts";
import { musicbrainz } from "./musicbrainz/index.ts";
import { reccobeats } from "./reccobeats/index.ts";

export const openMetadataSources = { reccobeats, musicbrainz, deezer } satisfies {
  [Name in OpenMetadataSourceName]: OpenMetadataSource<unknown>;
};

/** The questions the sources ask about songs themselves, as the lookup memory keeps them (source and kind). */
export const songQuestions = Object.entries(openMetadataSources).flatMap(([source, { songAnswer }]) =>
  songAnswer === null ? [] : [{ source, kind: songAnswer }],
);
