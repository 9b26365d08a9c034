ALTER TABLE `combinations` ADD `except_criteria` text;--> statement-breakpoint
ALTER TABLE `combinations` ADD `song_order` text DEFAULT 'liked' NOT NULL;--> statement-breakpoint
ALTER TABLE `combinations` ADD `song_limit` integer;--> statement-breakpoint
ALTER TABLE `combinations` ADD `unliked` text DEFAULT 'keep' NOT NULL;--> statement-breakpoint
ALTER TABLE `combinations` ADD `pending_reconcile` text;--> statement-breakpoint
CREATE TABLE `source_playlists` (
	`user_id` text NOT NULL,
	`playlist_id` text NOT NULL,
	`name` text NOT NULL,
	`snapshot_id` text,
	`checked_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `playlist_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `source_playlist_songs` (
	`user_id` text NOT NULL,
	`playlist_id` text NOT NULL,
	`track_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `playlist_id`, `track_id`),
	FOREIGN KEY (`user_id`, `playlist_id`) REFERENCES `source_playlists`(`user_id`, `playlist_id`) ON UPDATE no action ON DELETE cascade
);
