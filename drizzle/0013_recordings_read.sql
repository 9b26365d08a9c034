ALTER TABLE `library_syncs` ADD `recordings_read_at` integer;
