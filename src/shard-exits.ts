/**
 * How the sharding manager (src/shards.ts) takes a shard's end. An ordinary crash: the shard is
 * started again, as discord.js's ShardingManager does. A shard whose gateway Discord closed for
 * good (src/discord/fatal-close.ts: a reset token, 4010-4014), or whose token it refused at login,
 * exits with FATAL_CLOSE_EXIT instead, and is not started again: it would only be refused again,
 * and a bad token trying over and over is what gets a bot's address banned. The manager stops the
 * whole set then.
 */
import type { ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import type { Logger } from './logger.js';
import { FATAL_CLOSE_EXIT, isFatalCloseMessage, type FatalCloseMessage } from './discord/fatal-close.js';

/** When the close code did not reach the manager (the shard's own log names it). */
export const UNKNOWN_FATAL_CLOSE =
  "Discord closed a shard's gateway connection for good, and the shard could not say why: find its 'gateway closed for good' line above, put right what its close code means (README.md, When Discord fails) and start the bot again";

/** What of discord.js's Shard this needs: its id and its events ('spawn', 'message', 'death'). */
export interface WatchedShard extends EventEmitter {
  id: number;
}

/**
 * Watches one shard of `manager`. `fatal` is called once the shard's process has exited after a
 * close for good, with the sentence saying what to do; by then discord.js has not started it again.
 */
export function watchShardExits(
  manager: { respawn: boolean },
  shard: WatchedShard,
  logger: Logger,
  fatal: (whatToDo: string, code: number | null) => void,
): void {
  let told: FatalCloseMessage['harbourFatalClose'] | null = null;
  // The shard tells its close code and what to do before it stops (src/main.ts); its exit code alone cannot.
  shard.on('message', (message: unknown) => {
    if (isFatalCloseMessage(message)) told = message.harbourFatalClose;
  });
  // discord.js decides to start a shard again when its process exits, before it emits 'death' (its
  // Shard#_handleExit reads manager.respawn first): so the exit is looked at by a listener put
  // ahead of discord.js's own on each new process.
  shard.on('spawn', (child: ChildProcess) => {
    child.prependListener('exit', (exitCode: number | null) => {
      if (exitCode === FATAL_CLOSE_EXIT) manager.respawn = false;
    });
  });
  shard.on('death', (child: ChildProcess) => {
    if (child.exitCode === FATAL_CLOSE_EXIT) {
      fatal(told?.whatToDo ?? UNKNOWN_FATAL_CLOSE, told?.code ?? null);
      return;
    }
    // Stopped on purpose (the set stops): nothing to say.
    if (manager.respawn) logger.warn({ shard: shard.id, exitCode: child.exitCode, signal: child.signalCode }, 'shard stopped; starting it again');
  });
}
