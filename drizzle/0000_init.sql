CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`time` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_user_id_idx` ON `activity` (`user_id`,`time`);--> statement-breakpoint
CREATE TABLE `batch_executions` (
	`id` text PRIMARY KEY NOT NULL,
	`job` text NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer,
	`status` text DEFAULT 'running' NOT NULL,
	`users_processed` integer DEFAULT 0 NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`feedback` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedback_user_id_idx` ON `feedback` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `statistics_users` (
	`user_id` text PRIMARY KEY NOT NULL,
	`enabled_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `daily_signups` (
	`day` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `deleted_accounts` (
	`spotify_id_hash` text PRIMARY KEY NOT NULL,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `provider_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`access_token_enc` text NOT NULL,
	`refresh_token_enc` text NOT NULL,
	`scope` text DEFAULT '' NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_tokenHash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`spotify_id` text NOT NULL,
	`display_name` text,
	`membership_level` text DEFAULT 'Free' NOT NULL,
	`monitored` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`last_login_at` integer NOT NULL,
	`creation_blocked_until` integer,
	`referrer` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_spotifyId_unique` ON `users` (`spotify_id`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `membership_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`membership_level` text NOT NULL,
	`effective_date` integer NOT NULL,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `membership_events_user_id_idx` ON `membership_events` (`user_id`,`effective_date`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`change` text NOT NULL,
	`effective_date` integer NOT NULL,
	`registered_date` integer NOT NULL,
	`notification_id` text NOT NULL,
	`customer_id` text,
	`subscription_id` text,
	`amount` text,
	`currency` text,
	`event_id` text
);
--> statement-breakpoint
CREATE INDEX `payments_user_id_idx` ON `payments` (`user_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text,
	`status` text NOT NULL,
	`provider_status` text NOT NULL,
	`next_billing_date` integer,
	`current_billing_period_ends` integer,
	`amount` text,
	`currency` text,
	`last_event_at` integer NOT NULL,
	`ended_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_id_idx` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`event_type` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`processed_at` integer,
	`payload` text NOT NULL,
	`notification_id` text,
	`outcome` text
);
--> statement-breakpoint
CREATE TABLE `analyses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analyses_user_id_idx` ON `analyses` (`user_id`);--> statement-breakpoint
CREATE TABLE `analysis_segments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`analysis_id` text NOT NULL,
	`segment_number` integer NOT NULL,
	`type` text NOT NULL,
	`result` text,
	FOREIGN KEY (`analysis_id`) REFERENCES `analyses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analysis_segments_analysis_id_idx` ON `analysis_segments` (`analysis_id`,`segment_number`);--> statement-breakpoint
CREATE TABLE `distribution_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`distribution_id` text NOT NULL,
	`distribution_type` text NOT NULL,
	`total_work` integer DEFAULT 0 NOT NULL,
	`completed_work` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`distribution_id`) REFERENCES `distributions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `distribution_entries_distribution_id_idx` ON `distribution_entries` (`distribution_id`);--> statement-breakpoint
CREATE TABLE `distributions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`trigger` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`request` text,
	`created_playlist_names` text,
	`removed_playlist_names` text,
	`total_number_of_liked_songs` integer,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`planned` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `distributions_user_id_created_at_idx` ON `distributions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `journal_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`distribution_id` text NOT NULL,
	`playlist_id` text NOT NULL,
	`op` text NOT NULL,
	`track_ids` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`result` text,
	`updated_at` integer NOT NULL,
	`position` integer,
	`entry_type` text,
	`progress_after` integer,
	FOREIGN KEY (`distribution_id`) REFERENCES `distributions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `journal_steps_distribution_id_idx` ON `journal_steps` (`distribution_id`,`status`);--> statement-breakpoint
CREATE TABLE `throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `artists` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`genres` text,
	`fetched_at` integer
);
--> statement-breakpoint
CREATE TABLE `library_syncs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_sync_at` integer NOT NULL,
	`last_full_sync_at` integer,
	`new_likes_pending` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `likes` (
	`user_id` text NOT NULL,
	`track_id` text NOT NULL,
	`liked_at` integer NOT NULL,
	`unliked_at` integer,
	`seq` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `track_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `likes_user_id_liked_at_idx` ON `likes` (`user_id`,`liked_at`);--> statement-breakpoint
CREATE TABLE `metadata_sources` (
	`source` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tracks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`artist_ids` text NOT NULL,
	`album_name` text DEFAULT '' NOT NULL,
	`release_date` text,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`features_status` text DEFAULT 'missing' NOT NULL,
	`tempo` real,
	`energy` real,
	`valence` real,
	`danceability` real,
	`acousticness` real,
	`instrumentalness` real,
	`speechiness` real,
	`fetched_at` integer NOT NULL,
	`categories` text,
	`categories_version` text
);
--> statement-breakpoint
CREATE TABLE `combinations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`playlist_name` text NOT NULL,
	`criteria` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `combinations_user_id_idx` ON `combinations` (`user_id`);--> statement-breakpoint
CREATE TABLE `managed_playlists` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source` text NOT NULL,
	`preference_key` text NOT NULL,
	`bucket` text DEFAULT '' NOT NULL,
	`sequence` integer DEFAULT 1 NOT NULL,
	`spotify_playlist_id` text,
	`name` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`track_count` integer DEFAULT 0 NOT NULL,
	`sample_period` text,
	`created_at` integer NOT NULL,
	`latest_track_added_at` integer,
	`latest_settled_track_liked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `managed_playlists_user_id_idx` ON `managed_playlists` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `managed_playlists_identity_idx` ON `managed_playlists` (`user_id`,`source`,`preference_key`,`bucket`,`sequence`);--> statement-breakpoint
CREATE TABLE `playlist_songs` (
	`playlist_id` text NOT NULL,
	`track_id` text NOT NULL,
	`added_at` integer NOT NULL,
	`removed_at` integer,
	PRIMARY KEY(`playlist_id`, `track_id`),
	FOREIGN KEY (`playlist_id`) REFERENCES `managed_playlists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `simple_preferences` (
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`selected_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `name`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `used_combination_names` (
	`user_id` text NOT NULL,
	`name_key` text NOT NULL,
	PRIMARY KEY(`user_id`, `name_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`create_playlists_as_private` integer DEFAULT false NOT NULL,
	`remove_playlist_postfix` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
