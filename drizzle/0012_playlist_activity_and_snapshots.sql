ALTER TABLE `managed_playlists` ADD `snapshot_id` text;--> statement-breakpoint
CREATE TABLE `playlist_layouts` (
	`playlist_id` text PRIMARY KEY NOT NULL,
	`entries` text NOT NULL,
	FOREIGN KEY (`playlist_id`) REFERENCES `managed_playlists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `journal_steps` ADD `anchors` text;--> statement-breakpoint
ALTER TABLE `journal_steps` ADD `reasons` text;--> statement-breakpoint
CREATE TABLE `playlist_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`source` text NOT NULL,
	`preference_key` text NOT NULL,
	`playlist_id` text,
	`distribution_id` text,
	`kind` text NOT NULL,
	`reason` text,
	`detail` text,
	`count` integer DEFAULT 0 NOT NULL,
	`songs` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playlist_id`) REFERENCES `managed_playlists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playlist_activity_user_id_idx` ON `playlist_activity` (`user_id`,`source`,`preference_key`,`at`);--> statement-breakpoint
CREATE INDEX `playlist_activity_at_idx` ON `playlist_activity` (`at`);--> statement-breakpoint
CREATE INDEX `playlist_activity_run_idx` ON `playlist_activity` (`distribution_id`,`playlist_id`) WHERE "playlist_activity"."distribution_id" is not null;--> statement-breakpoint
-- data:
-- each playlist's version as Crate's last write left it (a later change there reads its items once)
UPDATE `managed_playlists` SET `snapshot_id` = (
	SELECT `result` FROM `journal_steps` s
	WHERE s.`playlist_id` = `managed_playlists`.`id` AND s.`op` IN ('add', 'remove') AND s.`status` = 'done'
		AND s.`result` IS NOT NULL AND s.`result` NOT IN ('vanished', 'failed', 'skipped')
	ORDER BY s.`id` DESC LIMIT 1
);
