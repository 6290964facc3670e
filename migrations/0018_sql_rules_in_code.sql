CREATE TABLE `rated_seats` (
	`guild_id` text NOT NULL,
	`game_row_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`game_id` text NOT NULL,
	`player_id` text NOT NULL,
	`person` integer NOT NULL,
	`place` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `game_row_id`, `seat`)
);
--> statement-breakpoint
ALTER TABLE `games` ADD `shard_key` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The shard key of the games written before this version, by the rule the shard condition used
-- until now (text that is not a number casts to 0: shard 0). New games get theirs from the store.
UPDATE `games` SET `shard_key` = CAST(`guild_id` AS INTEGER) >> 22;--> statement-breakpoint
-- What these triggers did is done by the store in the same transaction from now on, the same way
-- on every database (src/db/finish-records.ts, src/db/game-end.ts); the rows they wrote stay.
DROP TRIGGER `games_finished_records`;--> statement-breakpoint
DROP TRIGGER `actions_finishing_move_time`;--> statement-breakpoint
DROP TRIGGER `games_closed_seats`;
