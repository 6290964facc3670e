/**
 * Whether a post about a player's turn pings him. Every post names whom the game waits for; the
 * ping (the notification) follows his own setting: every turn, only once he has been away from
 * the game for a while (his last move there longer ago than his minutes), or never (reminders at
 * half time still come: they are about his time, not his turn).
 */
import type { PingSetting } from '../settings/index.js';
import type { GameService, LoadedGame } from './game-service.js';
import { hostingOf } from './hosting.js';

/** By his setting alone: `lastMoveAt` is his last move in this game (null if none yet). */
export function pingsBySetting(setting: PingSetting, lastMoveAt: number | null, now: number): boolean {
  if (setting.mode === 'every-turn') return true;
  if (setting.mode === 'never') return false;
  return lastMoveAt === null || now - lastMoveAt >= setting.awayMinutes * 60_000;
}

/** Whether `userId`, whose turn a post of `game` announces, is pinged by it now. */
export async function pingsNow(service: GameService, game: LoadedGame, userId: string): Promise<boolean> {
  const setting = await service.settings.pings(userId);
  if (setting.mode !== 'away') return pingsBySetting(setting, null, 0);
  const seat = game.seats.find((s) => s.userId === userId)?.seat;
  const lastMoveAt = seat === undefined ? null : await hostingOf(service).store.log.lastMoveAt(game.row.id, seat);
  return pingsBySetting(setting, lastMoveAt, service.clock.now());
}
