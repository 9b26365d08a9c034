CREATE TABLE `metadata_lookups` (
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`found` integer NOT NULL,
	`checked_at` integer NOT NULL,
	PRIMARY KEY(`source`, `kind`, `key`)
);
--> statement-breakpoint
ALTER TABLE `artists` ADD `mbid` text;--> statement-breakpoint
ALTER TABLE `artists` ADD `country` text;--> statement-breakpoint
ALTER TABLE `artists` ADD `mb_tags` text;--> statement-breakpoint
ALTER TABLE `artists` ADD `mb_fetched_at` integer;--> statement-breakpoint
ALTER TABLE `tracks` ADD `isrc` text;--> statement-breakpoint
ALTER TABLE `tracks` ADD `features_source` text;--> statement-breakpoint
ALTER TABLE `tracks` ADD `features_fetched_at` integer;--> statement-breakpoint
ALTER TABLE `tracks` ADD `tempo_source` text;--> statement-breakpoint
-- data:
UPDATE `tracks` SET `features_source` = 'spotify', `tempo_source` = 'spotify', `features_fetched_at` = `fetched_at` WHERE `features_status` = 'present';--> statement-breakpoint
UPDATE `tracks` SET `features_status` = 'missing', `categories` = NULL WHERE `features_status` = 'unavailable';
