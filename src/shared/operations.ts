// Texts and numbers of operations: metrics, the hourly promise, scheduled backups.
export const operations = {
  metricsPath: "/metrics",
  metricsUnauthorized: "Metrics need the header Authorization: Bearer <METRICS_TOKEN>.",
  /** the admin statistics figure next to the batch list */
  usersBehindLabel: "Users not updated within the last hour",
  /** newest backups kept when BACKUP_KEEP is unset */
  backupKeepDefault: 7,
  /** daily, UTC (croner pattern) */
  backupPattern: "30 3 * * *",
  /** a backup file's name: crate-<UTC time>.db */
  backupPrefix: "crate-",
} as const;
