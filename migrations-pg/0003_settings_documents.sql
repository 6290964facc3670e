ALTER TABLE "guild_settings" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "guild_settings" SET "settings" = jsonb_build_object('defaultTimeLimitMs', "default_time_limit_ms", 'deadlinePolicy', "deadline_policy", 'absentLevel', "absent_level", 'allowedChannels', "allowed_channels", 'useThreads', "use_threads", 'maxOpenLobbies', "max_open_lobbies", 'lobbyExpiryMs', "lobby_expiry_ms", 'awayDaysMax', "away_days_max", 'sharedRatings', "shared_ratings");--> statement-breakpoint
UPDATE "user_settings" SET "settings" = jsonb_build_object('dmReminders', "dm_reminders", 'pings', jsonb_build_object('mode', "pings", 'awayMinutes', "ping_away_minutes"));--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "default_time_limit_ms";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "deadline_policy";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "allowed_channels";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "use_threads";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "absent_level";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "max_open_lobbies";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "lobby_expiry_ms";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "away_days_max";--> statement-breakpoint
ALTER TABLE "guild_settings" DROP COLUMN "shared_ratings";--> statement-breakpoint
ALTER TABLE "user_settings" DROP COLUMN "dm_reminders";--> statement-breakpoint
ALTER TABLE "user_settings" DROP COLUMN "pings";--> statement-breakpoint
ALTER TABLE "user_settings" DROP COLUMN "ping_away_minutes";