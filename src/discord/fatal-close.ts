/**
 * The gateway close codes after which discord.js does not reconnect: the bot would stay up, deaf
 * and mute, while its scheduler went on acting for players it cannot hear. The bot stops instead,
 * with one sentence saying what to do, and a non-zero exit so that a process manager starts it
 * again once that is done. A shard of a `SHARD_COUNT` set leaves the sentence and the stopping of
 * the whole set to its manager (src/shard-exits.ts).
 */
import { GatewayCloseCodes } from 'discord.js';

const WHAT_TO_DO: Partial<Record<number, string>> = {
  [GatewayCloseCodes.AuthenticationFailed]:
    'Discord no longer accepts the bot token: reset it on the Bot page of the application, put it in DISCORD_TOKEN and start the bot again',
  [GatewayCloseCodes.InvalidShard]:
    'Discord refused the shard the bot connected as (close code 4010): check SHARD_COUNT (or set it to auto) and start the bot again',
  [GatewayCloseCodes.ShardingRequired]:
    'Discord requires this bot to connect in shards now that it is in 2,500 servers or more (close code 4011): set SHARD_COUNT=auto in .env and start the bot again',
  [GatewayCloseCodes.InvalidAPIVersion]:
    'Discord no longer accepts the gateway version this bot speaks (close code 4012): upgrade the bot (README.md, Upgrading)',
  [GatewayCloseCodes.InvalidIntents]: 'Discord refused the gateway intents the bot asked for (close code 4013): upgrade the bot (README.md, Upgrading)',
  [GatewayCloseCodes.DisallowedIntents]:
    'Discord refused a privileged gateway intent (close code 4014): with DISCORD_MEMBER_EVENTS=on, enable "Server Members Intent" on the Bot page of the application, or set DISCORD_MEMBER_EVENTS=off (the bot needs no privileged intent)',
};

/** What to do after a close with `code` that ends the connection for good; null for a close discord.js recovers from. */
export function fatalClose(code: number): string | null {
  return WHAT_TO_DO[code] ?? null;
}

/**
 * The exit code of a shard (of a `SHARD_COUNT` set) after such a close, or after Discord refused
 * its token at login, which tells its manager not to start it again but to stop the set. 78 is
 * EX_CONFIG of sysexits.h: each of these is put right in the settings or by an upgrade, never by
 * starting again.
 */
export const FATAL_CLOSE_EXIT = 78;

/**
 * What a shard sends its manager before it exits with FATAL_CLOSE_EXIT: the close code (null when
 * Discord refused the token at login, which is the same dead end) and the sentence, for the
 * manager to log.
 */
export interface FatalCloseMessage {
  harbourFatalClose: { code: number | null; whatToDo: string };
}

export function isFatalCloseMessage(message: unknown): message is FatalCloseMessage {
  const close = (message as Partial<FatalCloseMessage> | null)?.harbourFatalClose;
  return typeof close === 'object' && close !== null && (typeof close.code === 'number' || close.code === null) && typeof close.whatToDo === 'string';
}
