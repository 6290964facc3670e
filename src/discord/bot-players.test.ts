import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { handleOf, testStore } from '../../tests/support/test-store.js';
import { GameService } from '../service/game-service.js';
import { createLogger } from '../logger.js';
import { nim } from '../ai/toy-games-testing.js';
import type { Thinker, ThinkRequest } from '../ai/thinker.js';
import { BotPlayers } from './bot-players.js';

/** A thinker with one worker that answers in the order asked (first come, first served), noting whose decision it made. */
function oneWorkerThinker(): { thinker: Thinker; decided: number[]; asked: number[] } {
  const decided: number[] = [];
  /** Each request as it came, by game, with the decisions made before it (`decided.length` then). */
  const asked: number[] = [];
  let line: Promise<unknown> = Promise.resolve();
  const thinker: Thinker = {
    choose(request: ThinkRequest, game: number) {
      asked.push(game, decided.length);
      const answer = line.then(() => {
        decided.push(game);
        return { action: nim.legalActions(request.state as never, request.seat)[0], iterations: 0, capped: false };
      });
      line = answer;
      return answer;
    },
    standIn: () => Promise.reject(new Error('not in this test')),
    close: async () => undefined,
  };
  return { thinker, decided, asked };
}

const lobbyArgs = { guildId: 'g', channelId: 'c', hostId: 'host', hostName: 'Host', gameId: 'nim', locale: 'en', timeLimitMs: null };

/** A running game of Nim whose seats are the given people and bots; the first seat moves first. */
async function nimGame(service: GameService, pile: number, people: string[], bots: number): Promise<number> {
  const lobby = await service.openLobby({ ...lobbyArgs, hostId: people[0] ?? 'host', options: { pile } });
  if (!lobby.ok) throw new Error(lobby.refusal);
  const id = lobby.value.id;
  for (const person of people.slice(1)) await service.join(id, person, person);
  for (let i = 0; i < bots; i++) await service.addBot(id, people[0] ?? 'host', 'easy', false);
  const started = await service.start(id, people[0] ?? 'host');
  if (!started.ok) throw new Error(started.refusal);
  return id;
}

describe('bot players take turns game by game', () => {
  it('after a restart, a game of bots alone playing to its end holds up another game’s bot by one decision at most', async () => {
    const store = await testStore();
    const service = new GameService(store, { nim }, () => 'seed');
    // A game whose people are all gone, as the store holds it: its host's seat is played by a bot too.
    const botsOnly = await nimGame(service, 40, ['host'], 1);
    const { db, t } = handleOf(store);
    await db
      .update(t.seats)
      .set({ userId: 'bot:2', botLevel: 'easy' })
      .where(and(eq(t.seats.gameId, botsOnly), eq(t.seats.seat, 0)));
    const withPerson = await nimGame(service, 10, ['ann'], 1);
    expect((await service.act(withPerson, 'ann', 0, 0)).ok).toBe(true);
    // A running bot's pool has its connections open: here they are opened first (on PostgreSQL,
    // a game whose read waited for a new connection would fall behind by the time it takes).
    await Promise.all([botsOnly, withPerson, botsOnly, withPerson].map((id) => service.load(id)));
    const { thinker, decided, asked } = oneWorkerThinker();
    // Built after the moves above, so that only the catch-up wakes the bots (as after a restart).
    const bots = new BotPlayers({ service, thinker, announcer: { post: async () => undefined }, logger: createLogger('silent') });
    await bots.catchUp();
    const firstOfOther = decided.indexOf(withPerson);
    expect(decided.filter((game) => game === botsOnly).length).toBeGreaterThan(10);
    expect(firstOfOther).toBeGreaterThanOrEqual(0);
    // From the moment the other game's bot asked (its game read, which on a busy database may take
    // a while), the bots-only game decides once more at most before it: they take turns.
    const otherAsked = asked.findIndex((game, i) => i % 2 === 0 && game === withPerson);
    const decidedBefore = asked[otherAsked + 1] as number;
    // It asked while the bots-only game was still at its first moves, not once that game was played out.
    expect(decidedBefore).toBeLessThan(5);
    expect(decided.slice(decidedBefore, firstOfOther).filter((game) => game === botsOnly).length).toBeLessThanOrEqual(1);
    bots.stop();
  });
});

describe('bot players wait while the bot cannot hear the players', () => {
  /** A game of Nim in server `guild` whose bot is to move (Ann moved first), with bot players built after her move. */
  async function waitingForBot(thinker: Thinker, hears: (guildId: string) => boolean) {
    const service = new GameService(await testStore(), { nim }, () => 'seed');
    const lobby = await service.openLobby({ ...lobbyArgs, guildId: 'far', hostId: 'ann', options: { pile: 9 } });
    if (!lobby.ok) throw new Error(lobby.refusal);
    const id = lobby.value.id;
    await service.addBot(id, 'ann', 'easy', false);
    if (!(await service.start(id, 'ann')).ok) throw new Error('not started');
    expect((await service.act(id, 'ann', 0, 0)).ok).toBe(true);
    const bots = new BotPlayers({ service, thinker, announcer: { post: async () => undefined }, logger: createLogger('silent'), hears });
    const version = async () => (await service.load(id))?.row.version;
    return { id, bots, version };
  }

  it('makes no move in a server it cannot hear, and moves once resumed there', async () => {
    const { thinker, decided } = oneWorkerThinker();
    let deafTo: string | null = 'far';
    const asked: string[] = [];
    const { id, bots, version } = await waitingForBot(thinker, (guild) => (asked.push(guild), guild !== deafTo));
    await bots.catchUp();
    expect(await version()).toBe(1);
    // Not even thought about: nothing is decided for a game that cannot move.
    expect(decided).toEqual([]);
    expect(asked).toEqual(['far']);
    // Resumed while the server is still out of reach: held again, still no move.
    await bots.resume();
    expect(await version()).toBe(1);
    deafTo = null;
    await bots.resume();
    expect(await version()).toBe(2);
    expect(decided).toEqual([id]);
    bots.stop();
  });

  it('a bot that was thinking when the bot went deaf does not move; it moves when the bot hears again', async () => {
    let answer: (action: number) => void = () => undefined;
    // Resolves once the bot is thinking (the game read, the worker asked).
    let thinking!: Promise<void>;
    let asked!: () => void;
    const nextThought = () => (thinking = new Promise((resolve) => (asked = resolve)));
    void nextThought();
    const thinker: Thinker = {
      choose: () =>
        new Promise((resolve) => {
          answer = (action) => resolve({ action, iterations: 0, capped: false });
          asked();
        }),
      standIn: () => Promise.reject(new Error('not in this test')),
      close: async () => undefined,
    };
    let hearing = true;
    const { bots, version } = await waitingForBot(thinker, () => hearing);
    const played = bots.catchUp();
    await thinking;
    // Deaf (or removed from the server) while the bot thinks: its move is not made.
    hearing = false;
    answer(1);
    await played;
    expect(await version()).toBe(1);
    hearing = true;
    void nextThought();
    const resumed = bots.resume();
    await thinking;
    answer(1);
    await resumed;
    expect(await version()).toBe(2);
    bots.stop();
  });
});
