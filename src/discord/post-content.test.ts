import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { translator } from '../i18n/index.js';
import { boardInWords, boardPostText, departuresOf, rankingLines, type ActionLog } from './post-content.js';
import { Storage } from '../db/storage.js';
import { games, presenters } from '../games/index.js';
import { GameService } from '../service/game-service.js';
import { presentContext } from './views/present.js';
import type { LoadedGame } from '../service/game-service.js';
import { RESIGN_ACTION } from '../service/action-log.js';
import { startedByAnne } from '../../tests/support/service-fixtures.js';

const t = translator('en');
const result = { ranking: [[1], [0, 2]], scores: [40, 105, 40] };
const names = ['● Anne', '■ Bart', '▲ Cees'];
const score = (n: number) => `${n} points`;

describe('the final ranking', () => {
  it('puts players who tie on one line when the game gives no breakdown', () => {
    expect(rankingLines(result, names, score, t)).toEqual(['**The game is over.**', '1. ■ Bart (105 points)', '2. ● Anne, ▲ Cees (40 points)']);
  });

  it('gives each player his own line with how his score was made up, ties sharing a place', () => {
    const breakdown = (seat: number) => ['10 + 30', '100 + 5', ''][seat] as string;
    expect(rankingLines(result, names, score, t, breakdown)).toEqual([
      '**The game is over.**',
      '1. ■ Bart (105 points): 100 + 5',
      '2. ● Anne (40 points): 10 + 30',
      '2. ▲ Cees (40 points)',
    ]);
  });

  it('says beside his score that a player resigned or was removed, on a line of his own, in both languages', () => {
    const departures = new Map([
      [0, 'resigned'],
      [2, 'removed'],
    ] as const);
    expect(rankingLines(result, names, score, t, undefined, departures)).toEqual([
      '**The game is over.**',
      '1. ■ Bart (105 points)',
      '2. ● Anne (40 points, resigned)',
      '2. ▲ Cees (40 points, removed when time ran out)',
    ]);
    const nl = translator('nl');
    expect(
      rankingLines(
        result,
        names,
        (n) => `${n} punten`,
        nl,
        () => '',
        departures,
      ).slice(2),
    ).toEqual(['2. ● Anne (40 punten, opgegeven)', '2. ▲ Cees (40 punten, verwijderd toen de tijd op was)']);
  });

  it('tells a resignation from a removal by who made it: the player, or the bot when his time ran out', async () => {
    const seat = (n: number, resigned: boolean) => ({ seat: n, resigned });
    const game = { row: { id: 7 }, seats: [seat(0, true), seat(1, false), seat(2, true), seat(3, true)] } as unknown as LoadedGame;
    const actions = [
      { seat: 2, action: { type: 'play' }, origin: 'timeout' }, // a move made for him: not a removal
      { seat: 0, action: RESIGN_ACTION, origin: 'player' },
      { seat: 2, action: RESIGN_ACTION, origin: 'timeout' },
      { seat: 3, action: RESIGN_ACTION, origin: 'player' },
    ];
    const log = { loggedActions: (id: number) => (id === 7 ? actions : []) } as unknown as ActionLog;
    expect([...(await departuresOf(game, log))]).toEqual([
      [0, 'resigned'],
      [2, 'removed'],
      [3, 'resigned'],
    ]);
    // Nobody left: the log is not read.
    const stay = { ...game, seats: [seat(0, false), seat(1, false)] } as unknown as LoadedGame;
    expect(
      (
        await departuresOf(stay, {
          loggedActions: () => {
            throw new Error('read');
          },
        })
      ).size,
    ).toBe(0);
  });
});

describe('a board post says each thing once', () => {
  /** A two-player Shanghaien game between two people after its first move, stored in memory. */
  async function firstMove() {
    const store = await testStore();
    const service = new GameService(store, games, () => 'post-content');
    const started = await startedByAnne(service, 'shanghaien');
    const seat = started.def.toAct(started.state)[0] as number;
    const moved = await service.act(started.row.id, started.seats[seat]?.userId as string, started.row.version, 0);
    if (!moved.ok) throw new Error(moved.refusal);
    return { store, game: moved.value.game };
  }
  const textOf = async (game: LoadedGame, store: Storage) =>
    (
      await boardPostText(
        game,
        { loggedActions: async (id, after) => store.log.actionsOf(id, after) },
        presenters.shanghaien,
        presentContext({ presenters }, game, 'en'),
      )
    ).content;

  it('names the game in its opening post and wherever it is posted outside its own thread, whose name already says it', async () => {
    const { store, game } = await firstMove();
    const header = `**Shanghaien** #${game.row.id}`;
    const inThread = (lastPostedSeq: number, threadId: string | null) => ({ ...game, row: { ...game.row, lastPostedSeq, threadId } });
    expect((await textOf(inThread(-1, 'thread'), store)).split('\n')[0]).toBe(header);
    const later = await textOf(inThread(0, 'thread'), store);
    expect(later).not.toContain(header);
    expect(later.split('\n')[0]).toMatch(/rolled|placed|numbered/);
    expect((await textOf(inThread(0, null), store)).split('\n')[0]).toBe(header);
  });
});

describe('a board post in words (no Attach Files)', () => {
  it('quotes the board description under the post, its Markdown shown as typed, where it fits in one message', () => {
    expect(boardInWords('Bart played.\nAnne: your move.', 'Board. **Bart** leads with 5_000.')).toBe(
      'Bart played.\nAnne: your move.\n> Board. \\*\\*Bart\\*\\* leads with 5\\_000.',
    );
    const full = 'x'.repeat(1990);
    expect(boardInWords(full, 'A board of twenty.')).toBe(full);
  });
});

describe('a board post covering the round', () => {
  it("tells the turns since the mentioned player's last one again, above its own, and keeps only its own once cut down", async () => {
    const seats = [0, 1, 2].map((seat) => ({
      seat,
      userId: `u${seat}`,
      displayName: `P${seat}`,
      botLevel: seat === 0 ? null : 'hard',
      resigned: false,
      leftAt: null,
      standInUntil: null,
    }));
    const row = { id: 3, gameId: 'any', status: 'running', version: 6, lastPostedSeq: 4, threadId: 'thread', deadlineAt: null };
    const game = { row, seats, def: { toAct: () => [0], view: () => ({}) }, state: {} } as unknown as LoadedGame;
    const entries = [3, 4, 5, 6].map((seq) => ({ seq, seat: seq <= 4 ? 1 : 2, action: {}, origin: 'player', publicEvents: [`move ${seq}`] }));
    const log = { loggedActions: (_id: number, after = 0) => entries.filter((a) => a.seq > after) } as unknown as ActionLog;
    const presenter = { name: 'game.any.name', describe: (events: string[]) => events.map((e) => `${e}.`), status: () => 'Turn 3.' } as unknown as Parameters<
      typeof boardPostText
    >[2];
    const ctx = { t, players: seats.map((s) => ({ name: s.displayName, mention: `<@${s.userId}>`, colour: 'red' })) };
    const { content, summary } = await boardPostText(game, log, presenter, ctx, undefined, 2);
    expect(content.split('\n')).toEqual(['_Since your last turn:_', 'move 3.', 'move 4.', 'move 5.', 'move 6.', 'Turn 3.', '<@u0>: your move.']);
    expect(summary.split('\n')).toEqual(['move 5.', 'move 6.']);
    // Without a round, only the post's own moves.
    expect((await boardPostText(game, log, presenter, ctx)).content).not.toContain('Since your last turn');
  });
});
