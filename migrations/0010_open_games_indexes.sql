ALTER TABLE `seats` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `seats_active_idx` ON `seats` (`user_id`) WHERE active = 1;--> statement-breakpoint
CREATE INDEX `games_channel_idx` ON `games` (`channel_id`,`status`);--> statement-breakpoint
CREATE INDEX `notices_game_idx` ON `notices` (`game_id`);--> statement-breakpoint
CREATE INDEX `player_records_board_idx` ON `player_records` (`guild_id`,`game_id`,"wins" DESC,(CAST(place_sum AS REAL) / played),"played" DESC,`user_id`);--> statement-breakpoint
-- A seat stops counting among its player's open games when its game ends, by whatever path (the
-- last move, a resignation, a timeout, a cancel, a lobby that expired), in the same transaction.
CREATE TRIGGER `games_closed_seats` AFTER UPDATE OF `status` ON `games`
WHEN NEW.`status` IN ('finished', 'cancelled') AND OLD.`status` NOT IN ('finished', 'cancelled')
BEGIN
  UPDATE `seats` SET `active` = 0 WHERE `game_id` = NEW.`id`;
END;
--> statement-breakpoint
-- The seats of the games that ended before this version.
UPDATE `seats` SET `active` = 0 WHERE `game_id` IN (SELECT `id` FROM `games` WHERE `status` IN ('finished', 'cancelled'));
