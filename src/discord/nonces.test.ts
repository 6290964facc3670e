import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonces } from './nonces.js';

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const version = fc.integer({ min: -1, max: Number.MAX_SAFE_INTEGER });
const snowflake = fc.bigInt({ min: 1n << 32n, max: (1n << 63n) - 1n }).map(String);

describe('nonces', () => {
  it('are the same for every attempt at one post and at most 25 characters, as Discord takes them', () => {
    fc.assert(
      fc.property(id, version, snowflake, (game, v, user) => {
        const all = [
          nonces.board(game, v),
          nonces.notice(game),
          nonces.moved(game),
          nonces.reminder(game, v),
          nonces.reminderDm(game, v, user),
          nonces.lobby(game),
        ];
        for (const nonce of all) expect(nonce.length).toBeLessThanOrEqual(25);
        expect([nonces.board(game, v), nonces.reminderDm(game, v, user)]).toEqual([all[0], all[4]]);
        // Posts of different kinds never share one.
        expect(new Set(all).size).toBe(all.length);
      }),
    );
  });

  it('differ from post to post', () => {
    fc.assert(
      fc.property(id, version, version, (game, a, b) => {
        fc.pre(a !== b);
        expect(nonces.board(game, a)).not.toBe(nonces.board(game, b));
        expect(nonces.reminder(game, a)).not.toBe(nonces.reminder(game, b));
      }),
    );
    fc.assert(
      fc.property(id, id, (a, b) => {
        fc.pre(a !== b);
        expect(nonces.notice(a)).not.toBe(nonces.notice(b));
        expect(nonces.board(a, 1)).not.toBe(nonces.board(b, 1));
      }),
    );
    expect(nonces.reminderDm(5, 7, '123456789012345678')).not.toBe(nonces.reminderDm(5, 7, '123456789012345679'));
    expect(nonces.board(12, 3)).toBe('b.c.3');
  });
});
