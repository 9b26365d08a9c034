ALTER TABLE `users` ADD `account_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_account_id_idx` ON `users` (`account_id`);