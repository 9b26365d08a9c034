CREATE TABLE `web_vital_weeks` (
	`week` text NOT NULL,
	`route` text NOT NULL,
	`metric` text NOT NULL,
	`bucket` integer NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`week`, `route`, `metric`, `bucket`)
);
