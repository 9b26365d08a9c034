CREATE TABLE `metadata_lookups` (
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`found` integer NOT NULL,
	`checked_at` integer NOT NULL,
	PRIMARY KEY(`source`, `kind`, `key`)
);
--> statement-breakpoint
ALTER TABLE `users` ADD `account_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_account_id_idx` ON `users` (`account_id`);--> statement-breakpoint
ALTER TABLE `webhook_events` ADD `user_id` text;--> statement-breakpoint
CREATE INDEX `webhook_events_user_id_idx` ON `webhook_events` (`user_id`);--> statement-breakpoint
ALTER TABLE `artists` ADD `mbid` text;--> statement-breakpoint
ALTER TABLE `artists` ADD `country` text;--> statement-breakpoint
ALTER TABLE `artists` ADD `mb_tags` text;--> statement-breakpoint
ALTER TABLE `artists` ADD `mb_fetched_at` integer;--> statement-breakpoint
ALTER TABLE `library_syncs` ADD `listed_extra` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tracks` ADD `isrc` text;--> statement-breakpoint
ALTER TABLE `tracks` ADD `features_source` text;--> statement-breakpoint
ALTER TABLE `tracks` ADD `features_fetched_at` integer;--> statement-breakpoint
ALTER TABLE `tracks` ADD `tempo_source` text;--> statement-breakpoint
ALTER TABLE `managed_playlists` ADD `failure` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `add_recording_once` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- data:
-- from metadata_sources
UPDATE `tracks` SET `features_source` = 'spotify', `tempo_source` = 'spotify', `features_fetched_at` = `fetched_at` WHERE `features_status` = 'present';--> statement-breakpoint
UPDATE `tracks` SET `features_status` = 'missing', `categories` = NULL WHERE `features_status` = 'unavailable';--> statement-breakpoint
-- from webhook_payload_owner
-- the owner: the subscription's stored user, else the event's custom_data.user_id
UPDATE `webhook_events` SET `user_id` = coalesce(
  (SELECT s.`user_id` FROM `subscriptions` s WHERE s.`id` = coalesce(
    json_extract(`payload`, '$.data.subscription_id'),
    CASE WHEN `event_type` LIKE 'subscription.%' THEN json_extract(`payload`, '$.data.id') END)),
  json_extract(`payload`, '$.data.custom_data.user_id'))
WHERE json_valid(`payload`);--> statement-breakpoint
-- payloads trimmed to what billing needs, as src/server/billing/stored-payload.ts stores new ones
UPDATE `webhook_events` SET `payload` = json_object(
  'event_id', json_extract(`payload`, '$.event_id'),
  'event_type', json_extract(`payload`, '$.event_type'),
  'occurred_at', json_extract(`payload`, '$.occurred_at'),
  'notification_id', json_extract(`payload`, '$.notification_id'),
  'data', json_object(
    'id', json_extract(`payload`, '$.data.id'),
    'status', json_extract(`payload`, '$.data.status'),
    'origin', json_extract(`payload`, '$.data.origin'),
    'customer_id', json_extract(`payload`, '$.data.customer_id'),
    'subscription_id', json_extract(`payload`, '$.data.subscription_id'),
    'currency_code', json_extract(`payload`, '$.data.currency_code'),
    'created_at', json_extract(`payload`, '$.data.created_at'),
    'updated_at', json_extract(`payload`, '$.data.updated_at'),
    'started_at', json_extract(`payload`, '$.data.started_at'),
    'first_billed_at', json_extract(`payload`, '$.data.first_billed_at'),
    'billed_at', json_extract(`payload`, '$.data.billed_at'),
    'next_billed_at', json_extract(`payload`, '$.data.next_billed_at'),
    'paused_at', json_extract(`payload`, '$.data.paused_at'),
    'canceled_at', json_extract(`payload`, '$.data.canceled_at'),
    'scheduled_change', CASE WHEN json_type(`payload`, '$.data.scheduled_change') = 'object' THEN json_object(
      'action', json_extract(`payload`, '$.data.scheduled_change.action'),
      'effective_at', json_extract(`payload`, '$.data.scheduled_change.effective_at'),
      'resume_at', json_extract(`payload`, '$.data.scheduled_change.resume_at')) END,
    'current_billing_period', CASE WHEN json_type(`payload`, '$.data.current_billing_period') = 'object' THEN json_object(
      'starts_at', json_extract(`payload`, '$.data.current_billing_period.starts_at'),
      'ends_at', json_extract(`payload`, '$.data.current_billing_period.ends_at')) END,
    'billing_period', CASE WHEN json_type(`payload`, '$.data.billing_period') = 'object' THEN json_object(
      'starts_at', json_extract(`payload`, '$.data.billing_period.starts_at'),
      'ends_at', json_extract(`payload`, '$.data.billing_period.ends_at')) END,
    'billing_cycle', CASE WHEN json_type(`payload`, '$.data.billing_cycle') = 'object' THEN json_object(
      'interval', json_extract(`payload`, '$.data.billing_cycle.interval'),
      'frequency', json_extract(`payload`, '$.data.billing_cycle.frequency')) END,
    'custom_data', json_object('user_id', CASE WHEN json_type(`payload`, '$.data.custom_data.user_id') = 'text'
      THEN json_extract(`payload`, '$.data.custom_data.user_id') END),
    'details', json_object('totals', CASE WHEN json_type(`payload`, '$.data.details.totals') = 'object' THEN json_object(
      'subtotal', json_extract(`payload`, '$.data.details.totals.subtotal'),
      'tax', json_extract(`payload`, '$.data.details.totals.tax'),
      'total', json_extract(`payload`, '$.data.details.totals.total'),
      'grand_total', json_extract(`payload`, '$.data.details.totals.grand_total'),
      'currency_code', json_extract(`payload`, '$.data.details.totals.currency_code')) END)))
WHERE json_valid(`payload`);
