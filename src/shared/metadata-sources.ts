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
   * an open source Crate asks over HTTP at its own base URL (`<NAME>_URL`); Spotify is asked through the
   * listener's own Web API client instead
   */
  open: boolean;
}

export const metadataSources = {
  spotify: {
    label: "Spotify",
    provides: ["features", "tempo", "genres"],
    chartColor: "#1ed760",
    open: false,
  },
  reccobeats: { label: "ReccoBeats", provides: ["features", "tempo"], chartColor: "#6cb6ff", open: true },
  musicbrainz: { label: "MusicBrainz", provides: ["genres", "country"], chartColor: "#e58cff", open: true },
  deezer: { label: "Deezer", provides: ["tempo"], chartColor: "#f5d547", open: true },
} as const satisfies Record<string, MetadataSourceDeclaration>;

export type MetadataSourceName = keyof typeof metadataSources;

/** Every source, in the default order (earlier sources win). */
export const metadataSourceNames = Object.keys(metadataSources) as [
  MetadataSourceName,
  ...MetadataSourceName[],
];

type OpenName<N extends MetadataSourceName> = (typeof metadataSources)[N]["open"] extends true ? N : never;
/** The sources asked over HTTP in the background lookups, in the default order. */
export type OpenMetadataSourceName = { [N in MetadataSourceName]: OpenName<N> }[MetadataSourceName];
export const openMetadataSourceNames = metadataSourceNames.filter(
  (name): name is OpenMetadataSourceName => metadataSources[name].open,
);

/** True when the source gives the fact. */
export const provides = (source: MetadataSourceName, fact: MetadataFact): boolean =>
  (metadataSources[source].provides as readonly MetadataFact[]).includes(fact);
