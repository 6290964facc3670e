CREATE TABLE "rated_seats" (
	"guild_id" text NOT NULL,
	"game_row_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"game_id" text NOT NULL,
	"player_id" text NOT NULL,
	"person" boolean NOT NULL,
	"place" integer NOT NULL,
	CONSTRAINT "rated_seats_guild_id_game_row_id_seat_pk" PRIMARY KEY("guild_id","game_row_id","seat")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "shard_key" bigint DEFAULT 0 NOT NULL;