CREATE TABLE `bot_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `guild_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`default_time_limit_ms` integer,
	`deadline_policy` text DEFAULT 'auto-move' NOT NULL,
	`allowed_channels` text DEFAULT '[]' NOT NULL,
	`use_threads` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`dm_reminders` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE `actions` ADD `origin` text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `time_limit_ms` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `waiting_since` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `deadline_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `reminder_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `cancel_votes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `games_deadline_idx` ON `games` (`deadline_at`);--> statement-breakpoint
CREATE INDEX `games_reminder_idx` ON `games` (`reminder_at`);