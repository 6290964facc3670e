import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { GameStore } from '../db/store.js';
import { GameService } from '../service/game-service.js';
import { createLogger } from '../logger.js';
import { nim } from '../ai/toy-games.js';
import type { Thinker, ThinkRequest } from '../ai/thinker.js';
import { BotPlayers } from './bot-players.js';

/** A thinker with one worker that answers in the order asked (first come, first served), noting whose decision it made. */
function oneWorkerThinker(): { thinker: Thinker; decided: number[] } {
  const decided: number[] = [];
  let line: Promise<unknown> = Promise.resolve();
  const thinker: Thinker = {
    choose(request: ThinkRequest, game: number) {
      const answer = line.then(() => {
        decided.push(game);
        return nim.legalActions(request.state as never, request.seat)[0];
      });
      line = answer;
      return answer;
    },
    standIn: () => Promise.reject(new Error('not in this test')),
    close: async () => undefined,
  };
  return { thinker, decided };
}

const lobbyArgs = { guildId: 'g', channelId: 'c', hostId: 'host', hostName: 'Host', gameId: 'nim', locale: 'en', timeLimitMs: null };

/** A running game of Nim whose seats are the given people and bots; the first seat moves first. */
function nimGame(service: GameService, pile: number, people: string[], bots: number): number {
  const lobby = service.openLobby({ ...lobbyArgs, hostId: people[0] ?? 'host', options: { pile } });
  if (!lobby.ok) throw new Error(lobby.refusal);
  const id = lobby.value.id;
  for (const person of people.slice(1)) service.join(id, person, person);
  for (let i = 0; i < bots; i++) service.addBot(id, people[0] ?? 'host', 'easy', false);
  const started = service.start(id, people[0] ?? 'host');
  if (!started.ok) throw new Error(started.refusal);
  return id;
}

describe('bot players take turns game by game', () => {
  it('after a restart, a game of bots alone playing to its end holds up another game’s bot by one decision at most', async () => {
    const db = openDatabase(':memory:');
    const service = new GameService(new GameStore(db), { nim }, () => 'seed');
    // A game whose people are all gone, as the store holds it: its host's seat is played by a bot too.
    const botsOnly = nimGame(service, 40, ['host'], 1);
    db.$client.prepare("UPDATE seats SET user_id = 'bot:2', bot_level = 'easy' WHERE game_id = ? AND seat = 0").run(botsOnly);
    const withPerson = nimGame(service, 10, ['ann'], 1);
    expect(service.act(withPerson, 'ann', 0, 0).ok).toBe(true);
    const { thinker, decided } = oneWorkerThinker();
    // Built after the moves above, so that only the catch-up wakes the bots (as after a restart).
    const bots = new BotPlayers({ service, thinker, announcer: { post: async () => undefined }, presenters: {}, logger: createLogger('silent') });
    await bots.catchUp();
    const firstOfOther = decided.indexOf(withPerson);
    expect(decided.filter((game) => game === botsOnly).length).toBeGreaterThan(10);
    expect(firstOfOther).toBeGreaterThanOrEqual(0);
    expect(decided.slice(0, firstOfOther).filter((game) => game === botsOnly).length).toBeLessThanOrEqual(1);
    bots.stop();
  });
});
