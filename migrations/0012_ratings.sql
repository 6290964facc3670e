CREATE TABLE `head_to_head` (
	`guild_id` text NOT NULL,
	`player_id` text NOT NULL,
	`game_id` text NOT NULL,
	`opponent_id` text NOT NULL,
	`met` integer NOT NULL,
	`ahead` integer NOT NULL,
	`behind` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `player_id`, `game_id`, `opponent_id`)
);
--> statement-breakpoint
CREATE TABLE `rating_history` (
	`guild_id` text NOT NULL,
	`game_id` text NOT NULL,
	`player_id` text NOT NULL,
	`game_row_id` integer NOT NULL,
	`at` integer NOT NULL,
	`place` integer NOT NULL,
	`players` integer NOT NULL,
	`ordinal` real NOT NULL,
	`change` real NOT NULL,
	PRIMARY KEY(`guild_id`, `player_id`, `game_row_id`)
);
--> statement-breakpoint
CREATE INDEX `rating_history_game_idx` ON `rating_history` (`guild_id`,`player_id`,`game_id`,`at`);--> statement-breakpoint
CREATE INDEX `rating_history_recent_idx` ON `rating_history` (`guild_id`,`player_id`,`at`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`guild_id` text NOT NULL,
	`game_id` text NOT NULL,
	`player_id` text NOT NULL,
	`bot` integer NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`ordinal` real NOT NULL,
	`played` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `game_id`, `player_id`)
);
--> statement-breakpoint
CREATE INDEX `ratings_board_idx` ON `ratings` (`guild_id`,`game_id`,"ordinal" DESC,`player_id`);--> statement-breakpoint
CREATE INDEX `ratings_player_idx` ON `ratings` (`guild_id`,`player_id`);--> statement-breakpoint
-- Ratings are computed by the bot (the openskill package), not in SQL: a database that already has
-- finished games is rated from them, in finishing order, when the bot next starts
-- (src/service/ratings.ts), as `npm run ratings:rebuild` does.
INSERT INTO `bot_state` (`key`, `value`) SELECT 'ratings-rebuild', 1 WHERE EXISTS (SELECT 1 FROM `games` WHERE `status` = 'finished');
