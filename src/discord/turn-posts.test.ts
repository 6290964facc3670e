import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService, type ActionOutcome } from '../service/game-service.js';
import { callsForPost } from './turn-posts.js';
import { startedByAnne } from '../../tests/support/service-fixtures.js';

/** A two-player Honderden game between two people, played until a card leaves its trick open. */
async function openTrick(): Promise<ActionOutcome> {
  const service = new GameService(await testStore(), games, () => 'turn-posts');
  let game = await startedByAnne(service, 'honderden');
  for (let step = 0; step < 200; step++) {
    const seat = game.def.toAct(game.state)[0] as number;
    const legal = game.def.legalActions(game.state, seat) as { type: string }[];
    const index = Math.max(
      0,
      legal.findIndex((a) => a.type === 'play'),
    );
    const outcome = await service.act(game.row.id, game.seats[seat]?.userId as string, game.row.version, index);
    if (!outcome.ok) throw new Error(outcome.refusal);
    const now = game.def.toAct(outcome.value.game.state);
    if (legal[index]?.type === 'play' && now[0] !== seat && !outcome.value.events.some((e) => (e as { type: string }).type === 'trickWon'))
      return outcome.value;
    game = outcome.value.game;
  }
  throw new Error('no card left a trick open');
}

describe('when a step calls for a board post', () => {
  it('a card that leaves its Honderden trick open: a post only for a person whose turn it now is and who is not at his live panel', async () => {
    const outcome = await openTrick();
    const next = outcome.game.seats[outcome.game.def.toAct(outcome.game.state)[0] as number]?.userId;
    expect(games.honderden.turnEnded(outcome.events)).toBe(false);
    expect(callsForPost({ panels: { isWatching: () => false } }, outcome)).toBe(true);
    expect(callsForPost({ panels: { isWatching: (_, user) => user === next } }, outcome)).toBe(false);
    // Another player at his panel does not spare the post of the one whose turn it is.
    expect(callsForPost({ panels: { isWatching: (_, user) => user !== next } }, outcome)).toBe(true);
    // A bot there would move at once: no post for it.
    const botNext = {
      ...outcome,
      game: { ...outcome.game, seats: outcome.game.seats.map((s) => (s.userId === next ? { ...s, botLevel: 'easy' as const } : s)) },
    };
    expect(callsForPost({ panels: { isWatching: () => false } }, botNext)).toBe(false);
    // Someone already waited for before the step (a simultaneous choice) needs no new post either.
    const seat = outcome.game.def.toAct(outcome.game.state)[0] as number;
    expect(callsForPost({ panels: { isWatching: () => false } }, { ...outcome, waitedFor: [seat] })).toBe(false);
  });
});
