CREATE TABLE "bot_counters" (
	"name" text NOT NULL,
	"window_at" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "bot_counters_name_window_at_pk" PRIMARY KEY("name","window_at")
);
--> statement-breakpoint
CREATE TABLE "identify_slots" (
	"bucket" integer PRIMARY KEY NOT NULL,
	"next_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shard_leases" (
	"shard" integer PRIMARY KEY NOT NULL,
	"shard_count" integer NOT NULL,
	"owner" text NOT NULL,
	"host" text NOT NULL,
	"epoch" integer NOT NULL,
	"taken_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
