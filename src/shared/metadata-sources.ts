// The metadata sources Crate knows: what each one gives and how the operator's pages show it. The one list of
// them: configuration, the admin charts and the server's source registry (src/server/metadata/sources/) iterate
// it. Their default order is this list's; earlier sources win (`METADATA_SOURCES` sets the order).

/** What a source can tell about a song or its artists. */
export const metadataFacts = ["features", "tempo", "genres", "country"] as const;
export type MetadataFact = (typeof metadataFacts)[number];

export interface MetadataSourceDeclaration {
  /** the name people know it by */
  label: string;
  /** what it gives */
  provides: readonly MetadataFact[];
  /** its series' colour on the operator's charts (distinct on the dark panel, at least 3:1 against it) */
  chartColor: string;
  /**
   * an open source Crate asks over HTTP: its public base URL (`<NAME>_URL` replaces it) and the path of that
   * base under its emulator's `/emulator/<name>` (demo mode's default). Spotify is asked through the listener's
   * own Web API client instead.
   */
  api: { publicUrl: string; emulatorPath: string } | null;
}

export const metadataSources = {
  spotify: { label: "Spotify", provides: ["features", "tempo", "genres"], chartColor: "#1ed760", api: null },
  reccobeats: {
    label: "ReccoBeats",
    provides: ["features", "tempo"],
    chartColor: "#6cb6ff",
    api: { publicUrl: "https://api.reccobeats.com/v1", emulatorPath: "/v1" },
  },
  musicbrainz: {
    label: "MusicBrainz",
    provides: ["genres", "country"],
    chartColor: "#e58cff",
    api: { publicUrl: "https://musicbrainz.org/ws/2", emulatorPath: "/ws/2" },
  },
  deezer: {
    label: "Deezer",
    provides: ["tempo"],
    chartColor: "#f5d547",
    api: { publicUrl: "https://api.deezer.com", emulatorPath: "" },
  },
} as const satisfies Record<string, MetadataSourceDeclaration>;

export type MetadataSourceName = keyof typeof metadataSources;

/** Every source, in the default order (earlier sources win). */
export const metadataSourceNames = Object.keys(metadataSources) as [
  MetadataSourceName,
  ...MetadataSourceName[],
];

type OpenName<N extends MetadataSourceName> = (typeof metadataSources)[N]["api"] extends null ? never : N;
/** The sources asked over HTTP in the background lookups, in the default order. */
export type OpenMetadataSourceName = { [N in MetadataSourceName]: OpenName<N> }[MetadataSourceName];
export const openMetadataSourceNames = metadataSourceNames.filter(
  (name): name is OpenMetadataSourceName => metadataSources[name].api !== null,
);

/** The setting that replaces an open source's base URL: `RECCOBEATS_URL`. */
export const metadataUrlSetting = <Name extends OpenMetadataSourceName>(name: Name) =>
  `${name.toUpperCase() as Uppercase<Name>}_URL` as const;

/** True when the source gives the fact. */
export const provides = (source: MetadataSourceName, fact: MetadataFact): boolean =>
  (metadataSources[source].provides as readonly MetadataFact[]).includes(fact);
