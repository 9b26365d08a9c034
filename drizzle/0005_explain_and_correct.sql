CREATE TABLE `playlist_exclusions` (
	`user_id` text NOT NULL,
	`source` text NOT NULL,
	`preference_key` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `source`, `preference_key`, `kind`, `target_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playlist_exclusions_user_id_idx` ON `playlist_exclusions` (`user_id`);--> statement-breakpoint
CREATE TABLE `artist_corrections` (
	`user_id` text NOT NULL,
	`artist_id` text NOT NULL,
	`genres` text,
	`country` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `artist_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `playlist_songs` ADD `missing_since` integer;
