CREATE TABLE `bot_counters` (
	`name` text NOT NULL,
	`window_at` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`name`, `window_at`)
);
--> statement-breakpoint
CREATE TABLE `identify_slots` (
	`bucket` integer PRIMARY KEY NOT NULL,
	`next_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shard_leases` (
	`shard` integer PRIMARY KEY NOT NULL,
	`shard_count` integer NOT NULL,
	`owner` text NOT NULL,
	`host` text NOT NULL,
	`epoch` integer NOT NULL,
	`taken_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
