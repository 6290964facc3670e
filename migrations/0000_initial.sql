CREATE TABLE `actions` (
	`game_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`seat` integer NOT NULL,
	`action` text NOT NULL,
	`public_events` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`game_id`, `seq`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`thread_id` text,
	`lobby_message_id` text,
	`host_id` text NOT NULL,
	`game_id` text NOT NULL,
	`options` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`seed` text NOT NULL,
	`rules_version` integer NOT NULL,
	`status` text DEFAULT 'lobby' NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`state` text,
	`last_posted_seq` integer DEFAULT 0 NOT NULL,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `games_status_idx` ON `games` (`status`);--> statement-breakpoint
CREATE INDEX `games_guild_idx` ON `games` (`guild_id`,`status`);--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text NOT NULL,
	`resigned` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seats_user_idx` ON `seats` (`user_id`);