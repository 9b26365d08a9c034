CREATE TABLE `active_listener_days` (
	`day` text PRIMARY KEY NOT NULL,
	`listeners` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`lag_ms` integer,
	`outcome` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_runs_job_started_idx` ON `job_runs` (`job`,`started_at`);--> statement-breakpoint
CREATE TABLE `provider_call_hours` (
	`provider` text NOT NULL,
	`hour` integer NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`rate_limited` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`provider`, `hour`)
);--> statement-breakpoint
-- data:
-- the journal ops replace and update are gone: nothing ever produced them (op is TEXT without a CHECK)
DELETE FROM `journal_steps` WHERE `op` NOT IN ('create', 'add', 'remove', 'unfollow');
