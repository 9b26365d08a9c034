// Business constants of spec section 9.
export const limits = {
  freePlaylists: 15,
  premiumPlaylists: 100,
  freeConsideredSongs: 1000,
  playlistCapacity: 10_000,
  spotifyWriteBatch: 100,
  likesPageSize: 50,
  artistsBatch: 50,
  audioFeaturesBatch: 100,
  maxCombinations: 20,
  maxCriteria: 20,
  maxGenresPerCriterion: 4,
  /** the further parts of a rule (contract, "Rules") */
  rules: {
    firstYear: 1900,
    minBpm: 1,
    maxBpm: 300,
    maxLikedWithinDays: 3650,
    maxArtists: 20,
    /** songs a preview lists, in the rule's order */
    previewSongs: 50,
    /** previews a listener may ask for in 10 seconds (the wizard asks once a pause in typing) */
    previewsPer10s: 20,
  },
  combinationNameMax: 30,
  distributionThrottleMs: 30_000,
  analysisThrottleMs: 20_000,
  deletedRecentlyBlockMs: 120_000,
  feedbackMaxLength: 200,
  feedbackPerUserPerDay: 5,
  adminPageSize: 20,
  progressPollMs: 1_500,
  progressEmptyTicks: 6,
  pollMaxFailures: 10,
  paymentPollMs: 1_000,
  paymentPollTries: 10,
  demoAdvanceMs: 2_500,
  /** the landing demo's sample songs (spec: it cycles through 5) */
  demoSongCount: 5,
  upgradePromptLikes: 1000,
  subgenreRowPx: 50,
  subgenreListPx: 350,
  wizardListPx: { narrow: 270, wide: 341, breakpoint: 1250 },
  chunkTimeoutMs: 120_000,
  /** tRPC calls in one batched request; the client's batch link uses the same number */
  trpcMaxBatch: 20,
  latestSizes: [50, 100, 200, 500],
  partitionSizes: [50, 100, 200],
  randomDaily: 50,
  randomWeekly: 200,
  cancelNoticeHours: 72,
  /** every user's whole library is read again once in this many hours, each in their own hour */
  fullResyncEveryHours: 168,
  /** sign-in starts and callbacks each answered per client address in a minute (then 429) */
  signInPerAddressPerMinute: 60,
  /** anonymous Core Web Vitals reports counted per client address in an hour, and in all in a minute (then 429) */
  webVitalsPerAddressPerHour: 30,
  webVitalsPerMinute: 120,
  /** how long a sign-in waits for a turn at Spotify's accounts service before it ends on /login (busy) */
  signInSlotWaitMs: 10_000,
  /** token calls that may wait for the accounts service at once; a sign-in past them is refused at once */
  accountsQueueMax: 64,
  retention: {
    membershipAfterLastPaymentMonths: 14,
    membershipAfterEndDays: 70,
    deletedUserDataDays: 5,
    backupsDays: 7,
    /** work records: an analysis once it ended, a finished or failed distribution with its journal */
    analysisHours: 24,
    finishedDistributionDays: 30,
    /** admin history: a user's activity (as long as membership data), the jobs' executions */
    activityMonths: 14,
    batchExecutionDays: 90,
    /** a playlist's activity (its page's "Activity") */
    playlistActivityDays: 90,
  },
} as const;
