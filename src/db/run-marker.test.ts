import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { botState } from './schema.js';
import { clearRunning, describeBot, markRunning, recordedBot } from './run-marker.js';

const T0 = Date.UTC(2026, 10, 26, 10, 52, 30);

describe('the record of the running bot', () => {
  it('names the process, its start and its set, until it is cleared', () => {
    const db = openDatabase(':memory:');
    expect(recordedBot(db)).toBeNull();
    db.insert(botState).values({ key: 'heartbeat', value: T0 }).run();
    markRunning(db, { pid: 4242, since: T0, set: 77 });
    expect(recordedBot(db)).toEqual({ pid: 4242, since: T0, set: 77 });
    markRunning(db, { pid: 4343, since: T0 + 1, set: 0 });
    expect(recordedBot(db)).toEqual({ pid: 4343, since: T0 + 1, set: 0 });
    clearRunning(db);
    expect(recordedBot(db)).toBeNull();
    // The heartbeat (when the bot was last alive, for the time given back) is not the record's.
    expect(
      db
        .select()
        .from(botState)
        .all()
        .map((r) => r.key),
    ).toEqual(['heartbeat']);
  });

  it('describes the bot in words', () => {
    expect(describeBot({ pid: 4242, since: T0, set: 0 })).toBe('process 4242, running since 2026-11-26 10:52 UTC');
    expect(describeBot(null)).toBe('another process (still starting)');
  });
});
