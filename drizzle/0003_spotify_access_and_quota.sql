ALTER TABLE `users` ADD `spotify_authorized_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `spotify_access_refused_at` integer;--> statement-breakpoint
ALTER TABLE `managed_playlists` ADD `reminder_ends_at` integer;--> statement-breakpoint
CREATE TABLE `spotify_call_hours` (
	`hour` integer NOT NULL,
	`user_id` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`hour`, `user_id`, `kind`)
);--> statement-breakpoint
-- data:
-- a listener's grant runs from their last sign-in through Spotify, else from their account's creation
UPDATE `users` SET `spotify_authorized_at` = COALESCE(`last_login_at`, `created_at`);--> statement-breakpoint
-- a listener Spotify already refused (not monitored) has an ended grant, last seen working at their tokens' last write
UPDATE `users` SET `spotify_access_refused_at` = COALESCE((SELECT `updated_at` FROM `provider_tokens` WHERE `provider_tokens`.`user_id` = `users`.`id`), `last_login_at`) WHERE `monitored` = 0;
