CREATE TABLE `player_records` (
	`guild_id` text NOT NULL,
	`game_id` text NOT NULL,
	`user_id` text NOT NULL,
	`played` integer NOT NULL,
	`wins` integer NOT NULL,
	`place_sum` integer NOT NULL,
	`place_1` integer NOT NULL,
	`place_2` integer NOT NULL,
	`place_3` integer NOT NULL,
	`place_4` integer NOT NULL,
	`place_5` integer NOT NULL,
	`bot_played` integer NOT NULL,
	`bot_wins` integer NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `game_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `player_records_user_idx` ON `player_records` (`guild_id`,`user_id`);--> statement-breakpoint
-- Each person's record grows when a game finishes, in the same transaction, by whatever path it
-- ends (a move, a resignation, a timeout): places come from the stored ranking (groups of tied
-- seats, best first; a group's place is one more than the seats ranked before it).
CREATE TRIGGER `games_finished_records` AFTER UPDATE OF `status` ON `games`
WHEN NEW.`status` = 'finished' AND OLD.`status` <> 'finished' AND NEW.`result` IS NOT NULL
BEGIN
  INSERT INTO `player_records` (`guild_id`, `game_id`, `user_id`, `played`, `wins`, `place_sum`, `place_1`, `place_2`, `place_3`, `place_4`, `place_5`, `bot_played`, `bot_wins`, `first_at`)
  SELECT NEW.`guild_id`, NEW.`game_id`, s.`user_id`, 1, p.place = 1, p.place, p.place = 1, p.place = 2, p.place = 3, p.place = 4, p.place = 5,
    b.bots, b.bots AND p.place = 1, coalesce(NEW.`finished_at`, NEW.`updated_at`)
  FROM (
    SELECT CAST(m.value AS INTEGER) AS seat, g.place FROM (
      SELECT r.value AS members,
        1 + coalesce(sum(json_array_length(r.value)) OVER (ORDER BY CAST(r.key AS INTEGER) ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS place
      FROM json_each(NEW.`result`, '$.ranking') r
    ) g, json_each(g.members) m
  ) p
  JOIN `seats` s ON s.`game_id` = NEW.`id` AND s.`seat` = p.seat
  JOIN (SELECT EXISTS (SELECT 1 FROM `seats` WHERE `game_id` = NEW.`id` AND `bot_level` IS NOT NULL) AS bots) b
  WHERE s.`bot_level` IS NULL
  ON CONFLICT (`guild_id`, `game_id`, `user_id`) DO UPDATE SET
    `played` = `played` + excluded.`played`, `wins` = `wins` + excluded.`wins`, `place_sum` = `place_sum` + excluded.`place_sum`,
    `place_1` = `place_1` + excluded.`place_1`, `place_2` = `place_2` + excluded.`place_2`, `place_3` = `place_3` + excluded.`place_3`,
    `place_4` = `place_4` + excluded.`place_4`, `place_5` = `place_5` + excluded.`place_5`,
    `bot_played` = `bot_played` + excluded.`bot_played`, `bot_wins` = `bot_wins` + excluded.`bot_wins`,
    `first_at` = min(`first_at`, excluded.`first_at`);
END;
--> statement-breakpoint
-- The records of the games that finished before this version.
INSERT INTO `player_records` (`guild_id`, `game_id`, `user_id`, `played`, `wins`, `place_sum`, `place_1`, `place_2`, `place_3`, `place_4`, `place_5`, `bot_played`, `bot_wins`, `first_at`)
SELECT gm.`guild_id`, gm.`game_id`, s.`user_id`, count(*), sum(p.place = 1), sum(p.place), sum(p.place = 1), sum(p.place = 2), sum(p.place = 3), sum(p.place = 4), sum(p.place = 5),
  sum(b.bots), sum(b.bots AND p.place = 1), min(coalesce(gm.`finished_at`, gm.`updated_at`))
FROM `games` gm
JOIN (
  SELECT g.game, CAST(m.value AS INTEGER) AS seat, g.place FROM (
    SELECT f.`id` AS game, r.value AS members,
      1 + coalesce(sum(json_array_length(r.value)) OVER (PARTITION BY f.`id` ORDER BY CAST(r.key AS INTEGER) ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS place
    FROM `games` f, json_each(f.`result`, '$.ranking') r
    WHERE f.`status` = 'finished' AND f.`result` IS NOT NULL
  ) g, json_each(g.members) m
) p ON p.game = gm.`id`
JOIN `seats` s ON s.`game_id` = gm.`id` AND s.`seat` = p.seat
JOIN (SELECT f.`id` AS game, EXISTS (SELECT 1 FROM `seats` WHERE `seats`.`game_id` = f.`id` AND `bot_level` IS NOT NULL) AS bots FROM `games` f WHERE f.`status` = 'finished') b ON b.game = gm.`id`
WHERE s.`bot_level` IS NULL
GROUP BY gm.`guild_id`, gm.`game_id`, s.`user_id`;
