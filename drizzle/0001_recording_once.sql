ALTER TABLE `tracks` ADD `isrc` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `add_recording_once` integer DEFAULT false NOT NULL;