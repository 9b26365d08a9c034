CREATE TABLE `spotify_quota_pauses` (
	`started_at` integer PRIMARY KEY NOT NULL,
	`ended_at` integer,
	`probes` integer DEFAULT 0 NOT NULL
);
