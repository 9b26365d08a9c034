// How much of the process one listener's work may take (the per-user queue, the hourly job's slices, the
// provider's pace) and how often the costly reads may be asked for.
export const workLimits = {
  /** pieces of work one listener may have waiting (a running one not counted); coalesced requests take none */
  pendingPerListener: 4,
  /** how long the hourly job waits for a listener's running work before it moves on and comes back later */
  batchSliceMs: 2_000,
  /** at the end of the run, how long a deferred turn may still take to start before the next run gets it */
  batchComebackMs: 250,
  /** share of the provider calls of the last second one listener's own actions may take at interactive priority */
  listenerShare: 0.25,
  /** interactive calls a listener may always make in a second, whatever the share */
  listenerFloorPerSecond: 4,
  /** personal-data downloads per listener per hour */
  personalDataPerHour: 6,
  /** rows one statement of the daily retention purge deletes before it gives the loop back to requests */
  purgeBatchRows: 500,
  /** settings changes per listener in ten seconds (each may queue a sync of their playlists on Spotify) */
  settingsChangesPer10s: 10,
  /**
   * exclusions, corrections, their undo and loaded choices documents per listener in `choicesWindowMinutes` (each
   * starts or joins an update of their playlists on Spotify); then code 69
   */
  choicesPerWindow: 30,
  choicesWindowMinutes: 10,
  /** how long the update a choice starts waits for the listener to make no more choices (a burst costs one) */
  choicesSettleMs: 1_000,
  /**
   * reads of a listener's whole library (the expensive queries) per listener in a minute, then code 42: room for
   * an analysis page polling its results every 1.5 s and its cancel checks beside the playlist pages
   */
  libraryReadsPerMinute: 120,
  /** procedures marked expensive that one batched tRPC request may carry */
  expensivePerRequest: 1,
} as const;

/**
 * The tRPC procedures that read a listener's whole library or start costly work: a batched request carries one of
 * them (code 67 for the others, before they run), and the app sends each in a request of its own.
 */
export const expensiveProcedures: readonly string[] = [
  "account.personalData",
  "account.personalDataPreview",
  "account.deleteData",
  "combinations.create",
  "combinations.delete",
  "combinations.update",
  "combinations.preview",
  "distribution.distributeHistorically",
  "distribution.deletePredefined",
  "distribution.startAnalysis",
  "distribution.analysisResults",
  "distribution.playlistsMade",
  "explain.songs",
  "explain.placement",
  "explain.search",
  "explain.loadChoices",
  "metadata.coverage",
];
