CREATE TABLE `invite_pings` (
	`inviter_id` text NOT NULL,
	`invitee_id` text NOT NULL,
	`pinged_at` integer NOT NULL,
	PRIMARY KEY(`inviter_id`, `invitee_id`)
);
--> statement-breakpoint
CREATE INDEX `invite_pings_at_idx` ON `invite_pings` (`pinged_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `lobby_expires_at` integer;--> statement-breakpoint
CREATE INDEX `games_lobby_expiry_idx` ON `games` (`status`,`lobby_expires_at`);--> statement-breakpoint
CREATE INDEX `games_host_idx` ON `games` (`host_id`,`status`,`guild_id`);--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `max_open_lobbies` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `lobby_expiry_ms` integer DEFAULT 86400000 NOT NULL;--> statement-breakpoint
-- Lobbies opened before expiry existed close a day after they were opened.
UPDATE `games` SET `lobby_expires_at` = `created_at` + 86400000 WHERE `status` = 'lobby';
