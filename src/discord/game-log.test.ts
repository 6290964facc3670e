import type { RepliableInteraction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { presenters, type GameId } from '../games/index.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { translator } from '../i18n/index.js';
import type { LoadedGame } from '../service/game-service.js';
import { inForce, setupEvents } from '../service/action-log.js';
import { playedGame } from '../../tests/support/played-game.js';
import type { BotContext } from './context.js';
import { presentContext } from './views/present.js';
import { decodeId } from './custom-id.js';
import { logMessage, PAGE_MOVES, readLogPage, showLog, type LogCursor, type LogPage } from './game-log.js';
import { moveLines } from './public-moves.js';
import { storeForTests } from '../service/test-access.js';

const t = translator('en');

type Ctx = { service: Awaited<ReturnType<typeof playedGame>>['service']; presenters: Record<string, AnyGamePresenter> };

/** A game of three played with random legal moves: some taken back, some made by the bot when time ran out. */
async function played(gameId: GameId, actions: number, presenter?: AnyGamePresenter, variant?: unknown) {
  const { service, game, undos } = await playedGame(gameId, {
    actions,
    players: 3,
    variant: variant ?? (gameId === 'cartagena' ? { version: 'jamaica' } : {}),
  });
  const ctx: Ctx = { service, presenters: presenter ? { ...presenters, [gameId]: presenter } : presenters };
  return { ctx, game, undos };
}

/**
 * The log's entries the way it always read: the setup's text, then each action's that stands and
 * says something, up to the moves that may still be taken back (not shown to anyone else yet).
 */
async function entries(ctx: Ctx, game: LoadedGame): Promise<string[]> {
  const presenter = ctx.presenters[game.row.gameId] as AnyGamePresenter;
  const pctx = { ...presentContext(ctx, game, 'en'), t };
  const shown = (await ctx.service.shownTo(game, null)).row.version;
  const moves = (await storeForTests(ctx.service).log.all(game.row.id))
    .filter((row) => inForce(row) && row.seq <= shown)
    .map((row) => moveLines(row, presenter, pctx).join('\n'))
    .filter((text) => text !== '');
  return [presenter.describe(setupEvents(game.def, game.row, game.seats.length), pctx).join('\n'), ...moves];
}

/** The text a page showing entries `first`…`last` must have. */
const expectedText = (all: string[], page: LogPage) =>
  all
    .slice(page.first, page.last + 1)
    .filter((text) => text !== '')
    .join('\n');

/** Follows one button from `cursor` until it is disabled; every page as it was shown. */
async function walk(ctx: Ctx, game: LoadedGame, start: LogCursor, button: 0 | 1) {
  const pages: { page: LogPage; content: string }[] = [];
  let cursor = start;
  for (let guard = 0; guard < 10_000; guard++) {
    const built = await logMessage(ctx, game.row.id, cursor, t);
    if (!built) throw new Error('no log');
    pages.push({ page: built.page, content: built.message.content });
    const next = built.message.components[0]?.components[button];
    if (!next || next.disabled) return pages;
    const id = decodeId(next.custom_id);
    if (id?.kind !== 'log') throw new Error(next.custom_id);
    cursor = { move: id.move, toward: id.toward };
  }
  throw new Error('endless paging');
}

/** Just enough of an interaction for showLog: what it answered. */
function fakeInteraction() {
  const replies: { content: string; components: unknown[] }[] = [];
  const interaction = {
    deferred: false,
    replied: false,
    isMessageComponent: () => false,
    reply: async (options: { content: string; components?: unknown[] }) =>
      void replies.push({ content: options.content, components: options.components ?? [] }),
  };
  return { interaction: interaction as unknown as RepliableInteraction, replies };
}

describe('the public log, page by page', async () => {
  const { ctx, game, undos } = await played('cartagena', 400);
  const all = await entries(ctx, game);
  const total = all.length - 1;

  it('counts the moves it lists: no end of a turn and no move taken back is counted without a line', async () => {
    expect(undos).toBeGreaterThan(3);
    expect(total).toBeGreaterThan(100);
    expect(total).toBeLessThan(game.row.version);
    const newest = await readLogPage(ctx, game, 'newest', t);
    expect(newest.total).toBe(total);
    expect(newest.last).toBe(total);
  });

  it('covers every move exactly once going backward from the newest page, and forward from the oldest', async () => {
    const backward = await walk(ctx, game, 'newest', 0);
    expect(backward.length).toBeGreaterThan(3);
    for (const [i, { page }] of backward.entries()) {
      expect(page.first).toBeLessThanOrEqual(page.last);
      expect(page.text).toBe(expectedText(all, page));
      if (i > 0) expect(page.last).toBe((backward[i - 1]?.page.first as number) - 1);
    }
    expect(backward.at(-1)?.page.first).toBe(0);

    const forward = await walk(ctx, game, { move: 0, toward: 'newer' }, 1);
    for (const [i, { page }] of forward.entries()) {
      expect(page.text).toBe(expectedText(all, page));
      if (i > 0) expect(page.first).toBe((forward[i - 1]?.page.last as number) + 1);
    }
    expect(forward.at(-1)?.page.last).toBe(total);
    const whole = all.filter((text) => text !== '').join('\n');
    expect(forward.map((p) => p.page.text).join('\n')).toBe(whole);
    expect(
      [...backward]
        .reverse()
        .map((p) => p.page.text)
        .join('\n'),
    ).toBe(whole);
    expect(whole).toMatch(/time ran out: the bot made a safe move/);
  });

  it('keeps every page within a Discord message and says which moves it shows', async () => {
    const pages = await walk(ctx, game, 'newest', 0);
    for (const { content } of pages) expect(content.length).toBeLessThanOrEqual(2000);
    const [newest, oldest] = [pages[0]?.page as LogPage, pages.at(-1)?.page as LogPage];
    expect(pages[0]?.content.split('\n')[0]).toBe(`**Cartagena** #${game.row.id}: the public log, moves ${newest.first}–${total} of ${total}`);
    expect(pages.at(-1)?.content.split('\n')[0]).toBe(`**Cartagena** #${game.row.id}: the public log, the setup and moves 1–${oldest.last} of ${total}`);
    const nl = await logMessage(ctx, game.row.id, 'newest', translator('nl'));
    // Dutch lines are longer, so its newest page may start at another move.
    expect(nl?.message.content.split('\n')[0]).toMatch(
      new RegExp(`^\\*\\*Cartagena\\*\\* #${game.row.id}: het openbare logboek, zetten \\d+–${total} van ${total}$`),
    );
  });

  it('disables Older on the first page and Newer on the last', async () => {
    const buttons = async (cursor: LogCursor) => (await logMessage(ctx, game.row.id, cursor, t))?.message.components[0]?.components.map((b) => b.disabled);
    expect(await buttons('newest')).toEqual([false, true]);
    expect(await buttons({ move: 0, toward: 'newer' })).toEqual([true, false]);
    expect(await buttons({ move: 50, toward: 'newer' })).toEqual([false, false]);
  });

  it('shows the newest page for a cursor beyond the end, and starts a page at the move asked for', async () => {
    const newest = await readLogPage(ctx, game, 'newest', t);
    expect(await readLogPage(ctx, game, { move: total + 50, toward: 'newer' }, t)).toEqual(newest);
    expect(await readLogPage(ctx, game, { move: 10 ** 12, toward: 'older' }, t)).toEqual(newest);
    expect((await readLogPage(ctx, game, { move: 50, toward: 'newer' }, t)).first).toBe(50);
    expect((await readLogPage(ctx, game, { move: 50, toward: 'older' }, t)).last).toBe(50);
    const setupOnly = await readLogPage(ctx, game, { move: 0, toward: 'older' }, t);
    expect([setupOnly.first, setupOnly.last]).toEqual([0, 0]);
  });

  it('reads a bounded number of actions per page once the game is known, never the whole log', async () => {
    const store = storeForTests(ctx.service);
    await readLogPage(ctx, game, 'newest', t);
    const slice = vi.spyOn(store.log, 'slice');
    const whole = vi.spyOn(store.log, 'all');
    for (const cursor of ['newest', { move: 1, toward: 'newer' }, { move: 100, toward: 'older' }] as LogCursor[]) {
      slice.mockClear();
      await readLogPage(ctx, game, cursor, t);
      const rows = slice.mock.calls.reduce((sum, call) => sum + call[3], 0);
      expect(rows).toBeLessThanOrEqual(PAGE_MOVES + 1);
    }
    expect(whole).not.toHaveBeenCalled();
    slice.mockRestore();
    whole.mockRestore();
  });

  it('refuses a move number of 0 or less, and a malformed cursor', async () => {
    for (const cursor of [
      { move: 0, toward: 'newer' },
      { move: -1, toward: 'older' },
      { move: 2.5, toward: 'newer' },
      { move: Number.NaN, toward: 'older' },
    ] as LogCursor[]) {
      const { interaction, replies } = fakeInteraction();
      const handled = await showLog(ctx as unknown as BotContext, interaction, game.row.id, cursor, t);
      expect(handled.outcome).toBe('refused:refusal.bad-options');
      expect(replies[0]?.content).toBe(t('refusal.bad-options'));
    }
    const { interaction, replies } = fakeInteraction();
    const handled = await showLog(ctx as unknown as BotContext, interaction, game.row.id, { move: 5, toward: 'newer' }, t);
    expect(handled.outcome).toMatch(/^ok:5-\d+\/\d+$/);
    expect(replies[0]?.content).toMatch(/the public log, moves 5–/);
  });
});

describe('log pages at the edges', () => {
  it('never leaves one move alone on a page, whatever the length of the game, either way', async () => {
    for (const [gameId, lengths] of [
      ['honderden', [2, 3, 5, 28, 29, 41, 42, 43, 90]],
      ['cartagena', [2, 3, 4, 7, 30, 41, 44, 45, 130]],
    ] as const) {
      for (const length of lengths) {
        const { ctx, game } = await played(gameId, length);
        const all = await entries(ctx, game);
        const total = all.length - 1;
        for (const [start, button] of [
          ['newest', 0],
          [{ move: 0, toward: 'newer' }, 1],
        ] as const) {
          const pages = await walk(ctx, game, start, button);
          for (const { page } of pages) {
            expect(page.text).toBe(expectedText(all, page));
            const shown = all.slice(page.first, page.last + 1).filter((text) => text !== '').length;
            if (all.filter((text) => text !== '').length > 1)
              expect(shown, `${gameId}, ${length} actions, ${total} moves: ${page.first}–${page.last}`).toBeGreaterThan(1);
          }
        }
      }
    }
  });

  it('cuts an action too long for a page, one action a page', async () => {
    const verbose: AnyGamePresenter = {
      ...presenters.cartagena,
      describe: (events, pctx) => {
        const lines = presenters.cartagena.describe(events, pctx);
        return lines.length === 0 ? [] : [`${lines.join(' ')} ${'x'.repeat(2000)}`];
      },
    };
    const { ctx, game } = await played('cartagena', 12, verbose);
    const pages = await walk(ctx, game, 'newest', 0);
    expect(pages.length).toBeGreaterThan(5);
    for (const { page, content } of pages) {
      expect(content.length).toBeLessThanOrEqual(2000);
      if (page.text !== '') expect(page.text).toMatch(/x…$/);
      if (page.text !== '') expect(page.text.length).toBe(1800);
    }
    expect(pages.at(-1)?.page.first).toBe(0);
  });

  it('shows the setup of a game without moves, without buttons, and refuses a lobby', async () => {
    const { ctx, game } = await played('cartagena', 0);
    const built = await logMessage(ctx, game.row.id, 'newest', t);
    expect(built?.message.content.split('\n')[0]).toBe(`**Cartagena** #${game.row.id}: the public log, the setup (no moves yet)`);
    expect(built?.message.components).toEqual([]);
    const lobby = await ctx.service.openLobby({
      guildId: 'g',
      channelId: 'c',
      hostId: 'u9',
      hostName: 'Kim',
      gameId: 'cartagena',
      options: { version: 'jamaica' },
      locale: 'en',
      timeLimitMs: null,
    });
    if (!lobby.ok) throw new Error(lobby.refusal);
    const { interaction } = fakeInteraction();
    expect((await showLog(ctx as unknown as BotContext, interaction, lobby.value.id, 'newest', t)).outcome).toBe('refused:refusal.not-running');
  });
});
