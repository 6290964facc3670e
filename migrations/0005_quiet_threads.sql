ALTER TABLE `games` ADD `board_post` text;--> statement-breakpoint
ALTER TABLE `games` ADD `posts_to_trim` text DEFAULT '[]' NOT NULL;