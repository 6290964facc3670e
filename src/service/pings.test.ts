import { describe, expect, it } from 'vitest';
import { onPostgres, testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService } from './game-service.js';
import { pingsBySetting, pingsNow } from './pings.js';
import { LogStore } from '../db/log-store.js';
import { plansOf } from '../../tests/support/query-plans.js';
import { startedByAnne } from '../../tests/support/service-fixtures.js';

const MINUTE = 60_000;

describe('pings', () => {
  it('by the setting: every turn, never, or once his last move in the game is his minutes ago', () => {
    expect(pingsBySetting({ mode: 'every-turn', awayMinutes: 15 }, 1000, 1000)).toBe(true);
    expect(pingsBySetting({ mode: 'never', awayMinutes: 15 }, null, 1000)).toBe(false);
    const away = { mode: 'away', awayMinutes: 15 } as const;
    expect(pingsBySetting(away, null, 0)).toBe(true);
    expect(pingsBySetting(away, 0, 15 * MINUTE - 1)).toBe(false);
    expect(pingsBySetting(away, 0, 15 * MINUTE)).toBe(true);
  });

  it('reads his last move in this game, not the bot’s moves for him, and keeps the setting per user', async () => {
    let now = 1_000_000;
    const clock = { now: () => now };
    const service = new GameService(await testStore(() => now), games, () => 'seed', clock);
    const { settings } = service;
    let game = await startedByAnne(service, 'shanghaien');
    const mover = game.seats[game.def.toAct(game.state)[0] as number]?.userId as string;
    expect(await settings.pings(mover)).toEqual({ mode: 'every-turn', awayMinutes: 15 });
    await settings.setPings(mover, { mode: 'away', awayMinutes: 10 });
    expect(await settings.pings(mover)).toEqual({ mode: 'away', awayMinutes: 10 });
    expect((await settings.pings('someone-else')).mode).toBe('every-turn');
    // Never moved yet: pinged.
    expect(await pingsNow(service, game, mover)).toBe(true);
    const moved = await service.act(game.row.id, mover, game.row.version, 0);
    if (!moved.ok) throw new Error(moved.refusal);
    game = moved.value.game;
    now += 9 * MINUTE;
    expect(await pingsNow(service, game, mover)).toBe(false);
    now += MINUTE;
    expect(await pingsNow(service, game, mover)).toBe(true);
    await settings.setPings(mover, { mode: 'never', awayMinutes: 10 });
    expect(await pingsNow(service, game, mover)).toBe(false);
  });

  // SQLite's query plans.
  it.skipIf(onPostgres)('his last move is read within one game, newest first on its key', async () => {
    const [plan] = await plansOf((db) => new LogStore(db).lastMoveAt(1, 0));
    expect(plan).toMatch(/^SEARCH actions USING (PRIMARY KEY|INDEX \S+) \(game_id=\?/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
