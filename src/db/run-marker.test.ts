import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { botState } from './schema.js';
import { clearRunning, markRunning, runningBot, runningGraceMs } from './run-marker.js';

const T0 = 1_800_000_000_000;

function heartbeat(db: ReturnType<typeof openDatabase>, at: number): void {
  db.insert(botState).values({ key: 'heartbeat', value: at }).onConflictDoUpdate({ target: botState.key, set: { value: at } }).run();
}

describe('the running marker', () => {
  it('counts as running from the start, while the heartbeat is recent', () => {
    const db = openDatabase(':memory:');
    expect(runningBot(db, 30_000, T0)).toBeNull();
    heartbeat(db, T0 - 86_400_000); // from an earlier run
    markRunning(db, 4242, T0);
    expect(runningBot(db, 30_000, T0 + 1000)).toEqual({ pid: 4242, lastSeen: T0 });
    heartbeat(db, T0 + 60_000);
    expect(runningBot(db, 30_000, T0 + 90_000)).toEqual({ pid: 4242, lastSeen: T0 + 60_000 });
  });

  it('stops counting at a clean stop', () => {
    const db = openDatabase(':memory:');
    markRunning(db, 4242, T0);
    heartbeat(db, T0);
    clearRunning(db);
    expect(runningBot(db, 30_000, T0 + 1000)).toBeNull();
    expect(db.select().from(botState).all().map((r) => r.key)).toEqual(['heartbeat']);
  });

  it('a marker left by a crash stops counting once the bot has not been seen for a while', () => {
    const db = openDatabase(':memory:');
    markRunning(db, 4242, T0);
    heartbeat(db, T0 + 30_000);
    expect(runningGraceMs(30_000)).toBe(120_000);
    expect(runningGraceMs(200)).toBe(120_000);
    expect(runningGraceMs(600_000)).toBe(1_800_000);
    expect(runningBot(db, 30_000, T0 + 30_000 + 119_000)).not.toBeNull();
    expect(runningBot(db, 30_000, T0 + 30_000 + 120_000)).toBeNull();
    // With a slow scheduler the bot is given three of its ticks.
    expect(runningBot(db, 600_000, T0 + 30_000 + 1_700_000)).not.toBeNull();
  });
});
