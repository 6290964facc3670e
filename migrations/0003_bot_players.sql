ALTER TABLE `guild_settings` ADD `absent_level` text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE `seats` ADD `bot_level` text;