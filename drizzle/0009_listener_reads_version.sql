-- A listener's polled reads (GET /api/playlist-preferences, a run's progress) are remembered while their count
-- stands (db/read-memo.ts): every write to what they show counts it up, whichever code or process wrote.
ALTER TABLE `users` ADD `reads_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `simple_preferences_insert_reads_version` AFTER INSERT ON `simple_preferences` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `simple_preferences_update_reads_version` AFTER UPDATE ON `simple_preferences` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `simple_preferences_delete_reads_version` AFTER DELETE ON `simple_preferences` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `combinations_insert_reads_version` AFTER INSERT ON `combinations` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `combinations_update_reads_version` AFTER UPDATE ON `combinations` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `combinations_delete_reads_version` AFTER DELETE ON `combinations` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `managed_playlists_insert_reads_version` AFTER INSERT ON `managed_playlists` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `managed_playlists_update_reads_version` AFTER UPDATE ON `managed_playlists` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `managed_playlists_delete_reads_version` AFTER DELETE ON `managed_playlists` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `distributions_insert_reads_version` AFTER INSERT ON `distributions` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `distributions_update_reads_version` AFTER UPDATE ON `distributions` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `distributions_delete_reads_version` AFTER DELETE ON `distributions` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `distribution_entries_insert_reads_version` AFTER INSERT ON `distribution_entries` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = (SELECT `user_id` FROM `distributions` WHERE `id` = NEW.`distribution_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `distribution_entries_update_reads_version` AFTER UPDATE ON `distribution_entries` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = (SELECT `user_id` FROM `distributions` WHERE `id` = NEW.`distribution_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `distribution_entries_delete_reads_version` AFTER DELETE ON `distribution_entries` BEGIN
  UPDATE `users` SET `reads_version` = `reads_version` + 1 WHERE `id` = (SELECT `user_id` FROM `distributions` WHERE `id` = OLD.`distribution_id`);
END;
