CREATE TABLE `time_off` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`until` integer NOT NULL,
	`ended_at` integer,
	`reason` text
);
--> statement-breakpoint
CREATE INDEX `time_off_member_idx` ON `time_off` (`guild_id`,`user_id`,`starts_at`);--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `away_days_max` integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE `seats` ADD `stand_in_votes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `seats` ADD `stand_in_until` integer;