ALTER TABLE `user_settings` ADD `pings` text DEFAULT 'every-turn' NOT NULL;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `ping_away_minutes` integer DEFAULT 15 NOT NULL;