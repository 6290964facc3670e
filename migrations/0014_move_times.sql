ALTER TABLE `player_records` ADD `moves` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `player_records` ADD `move_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A person's moves and the time they took, added to his record when a game finishes: each move of
-- his own (not a bot's or a stand-in's move for him, not an undo or a resignation, not one taken
-- back) timed from the move before it in the game; a game's first move has none before it and is
-- not counted. Bounded by the game's own actions (their primary key).
DROP TRIGGER `games_finished_records`;--> statement-breakpoint
CREATE TRIGGER `games_finished_records` AFTER UPDATE OF `status` ON `games`
WHEN NEW.`status` = 'finished' AND OLD.`status` <> 'finished' AND NEW.`result` IS NOT NULL
BEGIN
  INSERT INTO `player_records` (`guild_id`, `game_id`, `user_id`, `played`, `wins`, `place_sum`, `place_1`, `place_2`, `place_3`, `place_4`, `place_5`, `bot_played`, `bot_wins`, `first_at`, `moves`, `move_ms`)
  SELECT NEW.`guild_id`, NEW.`game_id`, s.`user_id`, 1, p.place = 1, p.place, p.place = 1, p.place = 2, p.place = 3, p.place = 4, p.place = 5,
    b.bots, b.bots AND p.place = 1, coalesce(NEW.`finished_at`, NEW.`updated_at`), coalesce(t.moves, 0), coalesce(t.ms, 0)
  FROM (
    SELECT CAST(m.value AS INTEGER) AS seat, g.place FROM (
      SELECT r.value AS members,
        1 + coalesce(sum(json_array_length(r.value)) OVER (ORDER BY CAST(r.key AS INTEGER) ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS place
      FROM json_each(NEW.`result`, '$.ranking') r
    ) g, json_each(g.members) m
  ) p
  JOIN `seats` s ON s.`game_id` = NEW.`id` AND s.`seat` = p.seat
  JOIN (SELECT EXISTS (SELECT 1 FROM `seats` WHERE `game_id` = NEW.`id` AND `bot_level` IS NOT NULL) AS bots) b
  LEFT JOIN (
    SELECT x.seat, count(*) AS moves, sum(x.took) AS ms FROM (
      SELECT a.`seat`, a.`origin`, a.`undone`, a.`action`, a.`created_at` - lag(a.`created_at`) OVER (ORDER BY a.`seq`) AS took
      FROM `actions` a WHERE a.`game_id` = NEW.`id`
    ) x
    WHERE x.took IS NOT NULL AND x.`origin` = 'player' AND x.`undone` = 0 AND json_extract(x.`action`, '$."$"') IS NULL
    GROUP BY x.seat
  ) t ON t.seat = p.seat
  WHERE s.`bot_level` IS NULL
  ON CONFLICT (`guild_id`, `game_id`, `user_id`) DO UPDATE SET
    `played` = `played` + excluded.`played`, `wins` = `wins` + excluded.`wins`, `place_sum` = `place_sum` + excluded.`place_sum`,
    `place_1` = `place_1` + excluded.`place_1`, `place_2` = `place_2` + excluded.`place_2`, `place_3` = `place_3` + excluded.`place_3`,
    `place_4` = `place_4` + excluded.`place_4`, `place_5` = `place_5` + excluded.`place_5`,
    `bot_played` = `bot_played` + excluded.`bot_played`, `bot_wins` = `bot_wins` + excluded.`bot_wins`,
    `first_at` = min(`first_at`, excluded.`first_at`),
    `moves` = `moves` + excluded.`moves`, `move_ms` = `move_ms` + excluded.`move_ms`;
END;
--> statement-breakpoint
-- The move that finishes a game is logged after the game is marked finished (in the same
-- transaction), so the trigger above has not seen it: it is added here. Whichever order a commit
-- uses, each move is counted once (a move logged before the finish is the trigger's).
CREATE TRIGGER `actions_finishing_move_time` AFTER INSERT ON `actions`
WHEN NEW.`origin` = 'player' AND json_extract(NEW.`action`, '$."$"') IS NULL
  AND (SELECT `status` FROM `games` WHERE `id` = NEW.`game_id`) = 'finished'
BEGIN
  UPDATE `player_records` SET `moves` = `moves` + 1,
    `move_ms` = `move_ms` + NEW.`created_at` - (SELECT `created_at` FROM `actions` WHERE `game_id` = NEW.`game_id` AND `seq` = NEW.`seq` - 1)
  WHERE (`guild_id`, `game_id`, `user_id`) = (
    SELECT g.`guild_id`, g.`game_id`, s.`user_id` FROM `games` g JOIN `seats` s ON s.`game_id` = g.`id` AND s.`seat` = NEW.`seat` AND s.`bot_level` IS NULL
    WHERE g.`id` = NEW.`game_id`
  ) AND NEW.`seq` > 1;
END;
--> statement-breakpoint
-- The games that finished before this version, timed the same way: summed per game and seat in
-- the actions' own order first (their primary key), then per person.
UPDATE `player_records` SET `moves` = t.moves, `move_ms` = t.ms
FROM (
  SELECT g.`guild_id`, g.`game_id`, s.`user_id`, sum(x.moves) AS moves, sum(x.ms) AS ms
  FROM (
    SELECT y.game, y.seat, count(*) AS moves, sum(y.took) AS ms FROM (
      SELECT a.`game_id` AS game, a.`seat`, a.`origin`, a.`undone`, a.`action`,
        a.`created_at` - lag(a.`created_at`) OVER (PARTITION BY a.`game_id` ORDER BY a.`seq`) AS took
      FROM `actions` a
    ) y
    WHERE y.took IS NOT NULL AND y.`origin` = 'player' AND y.`undone` = 0 AND json_extract(y.`action`, '$."$"') IS NULL
    GROUP BY y.game, y.seat
  ) x
  JOIN `games` g ON g.`id` = x.game AND g.`status` = 'finished' AND g.`result` IS NOT NULL
  JOIN `seats` s ON s.`game_id` = g.`id` AND s.`seat` = x.`seat` AND s.`bot_level` IS NULL
  GROUP BY g.`guild_id`, g.`game_id`, s.`user_id`
) t
WHERE `player_records`.`guild_id` = t.`guild_id` AND `player_records`.`game_id` = t.`game_id` AND `player_records`.`user_id` = t.`user_id`;
