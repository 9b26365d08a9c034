CREATE TABLE `oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `oauth_states_expires_at_idx` ON `oauth_states` (`expires_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `refunded_at` integer;
--> statement-breakpoint
-- data:
-- when each known subscription began, from the events kept of it: an admin's later change of level outranks it
UPDATE `subscriptions` SET `started_at` = (
	SELECT min(CAST(round((julianday(json_extract(`payload`, '$.data.started_at')) - 2440587.5) * 86400000) AS INTEGER))
	FROM `webhook_events`
	WHERE `event_type` LIKE 'subscription.%' AND json_extract(`payload`, '$.data.id') = `subscriptions`.`id`
) WHERE `started_at` IS NULL;
