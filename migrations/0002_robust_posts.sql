CREATE TABLE `notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`content` text NOT NULL,
	`mentions` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `games` ADD `unreachable_since` integer;--> statement-breakpoint
CREATE INDEX `games_thread_idx` ON `games` (`thread_id`);--> statement-breakpoint
ALTER TABLE `seats` ADD `unanswered_version` integer;