import type { RepliableInteraction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { GameStore } from '../db/store.js';
import { nextUint32, seedRng } from '../engine/index.js';
import { games, presenters } from '../games/index.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { translator } from '../i18n/index.js';
import { GameService, type LoadedGame } from '../service/game-service.js';
import { isResign, setupEvents } from '../service/replay.js';
import { presentContext, type BotContext } from './context.js';
import { decodeId } from './custom-id.js';
import { logMessage, readLogPage, showLog, type LogCursor, type LogPage } from './game-log.js';

const t = translator('en');
const HOUR = 3_600_000;

/** A Cartagena game of three played with random legal moves, some of them made by the bot when time ran out. */
function playedGame(actions: number, presenter: AnyGamePresenter = presenters.cartagena) {
  let now = 1_000_000;
  let n = 0;
  const service = new GameService(new GameStore(openDatabase(':memory:')), games, () => `log-${++n}`, { now: () => now });
  const lobby = service.openLobby({ guildId: 'g', channelId: 'c', hostId: 'u0', hostName: 'Anne', gameId: 'cartagena', options: { version: 'jamaica' }, locale: 'en', timeLimitMs: HOUR });
  if (!lobby.ok) throw new Error(lobby.refusal);
  service.join(lobby.value.id, 'u1', 'Marc');
  service.join(lobby.value.id, 'u2', 'Saskia');
  const started = service.start(lobby.value.id, 'u0');
  if (!started.ok) throw new Error(started.refusal);
  let game: LoadedGame = started.value;
  const rng = seedRng('log-test');
  while (game.row.version < actions && game.row.status === 'running') {
    if (game.row.version % 50 === 25) {
      now += 2 * HOUR;
      const expired = service.expire(game.row.id, 'auto-move');
      if (!expired.ok) throw new Error(expired.refusal);
      game = expired.value.game;
      continue;
    }
    const seat = game.def.toAct(game.state)[0] as number;
    const legal = game.def.legalActions(game.state, seat);
    const outcome = service.act(game.row.id, game.seats[seat]?.userId as string, game.row.version, nextUint32(rng) % legal.length);
    if (!outcome.ok) throw new Error(outcome.refusal);
    game = outcome.value.game;
  }
  const ctx = { service, presenters: { ...presenters, cartagena: presenter } };
  return { service, ctx, game: service.load(game.row.id) as LoadedGame };
}

/** The whole log as one text, the way it always read: what the pages must show between them. */
function wholeLog(ctx: ReturnType<typeof playedGame>['ctx'], game: LoadedGame): string {
  const presenter = ctx.presenters.cartagena;
  const pctx = { ...presentContext(ctx, game, 'en'), t };
  const texts = [presenter.describe(setupEvents(game.def, game.row, game.seats.length), pctx).join('\n')];
  for (const row of ctx.service.store.log.all(game.row.id)) {
    const note = row.origin === 'timeout' ? [t(isResign(row.action) ? 'post.timeout.removed' : 'post.timeout.moved', { player: pctx.players[row.seat]?.name ?? '' })] : [];
    texts.push([...note, ...presenter.describe(row.publicEvents as unknown[], pctx)].join('\n'));
  }
  return texts.filter((text) => text !== '').join('\n');
}

/** Follows one button from `cursor` until it is disabled; every page as it was shown. */
function walk(ctx: ReturnType<typeof playedGame>['ctx'], game: LoadedGame, start: LogCursor, button: 0 | 1) {
  const pages: { page: LogPage; content: string }[] = [];
  let cursor = start;
  for (let guard = 0; guard < 10_000; guard++) {
    const built = logMessage(ctx, game.row.id, cursor, t);
    if (!built) throw new Error('no log');
    pages.push({ page: built.page, content: built.message.content });
    const next = built.message.components[0]?.components[button];
    if (!next || next.disabled) return pages;
    const id = decodeId(next.custom_id);
    if (id?.kind !== 'log') throw new Error(next.custom_id);
    cursor = { seq: id.seq, toward: id.toward };
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
    reply: async (options: { content: string; components?: unknown[] }) => void replies.push({ content: options.content, components: options.components ?? [] }),
  };
  return { interaction: interaction as unknown as RepliableInteraction, replies };
}

describe('the public log, page by page', () => {
  const { ctx, game } = playedGame(400);
  const total = game.row.version;

  it('covers every action exactly once going backward from the newest page, and forward from the oldest', () => {
    expect(total).toBeGreaterThan(100);
    expect(ctx.service.store.log.all(game.row.id).some((row) => row.origin === 'timeout')).toBe(true);
    const backward = walk(ctx, game, 'newest', 0);
    expect(backward.length).toBeGreaterThan(3);
    expect(backward[0]?.page.last).toBe(total);
    for (const [i, { page }] of backward.entries()) {
      expect(page.first).toBeLessThanOrEqual(page.last);
      if (i > 0) expect(page.last).toBe((backward[i - 1]?.page.first as number) - 1);
    }
    expect(backward.at(-1)?.page.first).toBe(0);

    const forward = walk(ctx, game, { seq: 0, toward: 'newer' }, 1);
    for (const [i, { page }] of forward.entries()) if (i > 0) expect(page.first).toBe((forward[i - 1]?.page.last as number) + 1);
    expect(forward.at(-1)?.page.last).toBe(total);
    const whole = wholeLog(ctx, game);
    expect(forward.map((p) => p.page.text).join('\n')).toBe(whole);
    expect([...backward].reverse().map((p) => p.page.text).join('\n')).toBe(whole);
    expect(whole).toMatch(/time ran out: the bot made a safe move/);
  });

  it('keeps every page within a Discord message and says which moves it shows', () => {
    const pages = walk(ctx, game, 'newest', 0);
    for (const { content } of pages) expect(content.length).toBeLessThanOrEqual(2000);
    const [newest, oldest] = [pages[0]?.page as LogPage, pages.at(-1)?.page as LogPage];
    expect(pages[0]?.content.split('\n')[0]).toBe(`**Cartagena** #${game.row.id}: the public log, moves ${newest.first}–${total} of ${total}`);
    expect(pages.at(-1)?.content.split('\n')[0]).toBe(`**Cartagena** #${game.row.id}: the public log, the setup and moves 1–${oldest.last} of ${total}`);
    const nl = logMessage(ctx, game.row.id, 'newest', translator('nl'));
    // Dutch lines are longer, so its newest page may start at another move.
    expect(nl?.message.content.split('\n')[0]).toMatch(new RegExp(`^\\*\\*Cartagena\\*\\* #${game.row.id}: het openbare logboek, zetten \\d+–${total} van ${total}$`));
  });

  it('disables Older on the first page and Newer on the last', () => {
    const buttons = (cursor: LogCursor) => logMessage(ctx, game.row.id, cursor, t)?.message.components[0]?.components.map((b) => b.disabled);
    expect(buttons('newest')).toEqual([false, true]);
    expect(buttons({ seq: 0, toward: 'newer' })).toEqual([true, false]);
    expect(buttons({ seq: 100, toward: 'newer' })).toEqual([false, false]);
  });

  it('shows the newest page for a cursor beyond the end, and starts a page at the move asked for', () => {
    const newest = readLogPage(ctx, game, 'newest', t);
    expect(readLogPage(ctx, game, { seq: total + 50, toward: 'newer' }, t)).toEqual(newest);
    expect(readLogPage(ctx, game, { seq: 10 ** 12, toward: 'older' }, t)).toEqual(newest);
    expect(readLogPage(ctx, game, { seq: 100, toward: 'newer' }, t).first).toBe(100);
    expect(readLogPage(ctx, game, { seq: 100, toward: 'older' }, t).last).toBe(100);
    const setupOnly = readLogPage(ctx, game, { seq: 0, toward: 'older' }, t);
    expect([setupOnly.first, setupOnly.last]).toEqual([0, 0]);
  });

  it('reads a bounded number of actions per page, never the whole log', () => {
    const store = ctx.service.store;
    const slice = vi.spyOn(store.log, 'slice');
    const whole = vi.spyOn(store.log, 'all');
    for (const cursor of ['newest', { seq: 1, toward: 'newer' }, { seq: 200, toward: 'older' }] as LogCursor[]) {
      slice.mockClear();
      readLogPage(ctx, game, cursor, t);
      const rows = slice.mock.calls.reduce((sum, call) => sum + call[3], 0);
      expect(rows).toBeLessThanOrEqual(200);
    }
    expect(whole).not.toHaveBeenCalled();
    slice.mockRestore();
    whole.mockRestore();
  });

  it('refuses a move number of 0 or less, and a malformed cursor', async () => {
    for (const cursor of [{ seq: 0, toward: 'newer' }, { seq: -1, toward: 'older' }, { seq: 2.5, toward: 'newer' }, { seq: Number.NaN, toward: 'older' }] as LogCursor[]) {
      const { interaction, replies } = fakeInteraction();
      const handled = await showLog(ctx as unknown as BotContext, interaction, game.row.id, cursor, t);
      expect(handled.outcome).toBe('refused:refusal.bad-options');
      expect(replies[0]?.content).toBe(t('refusal.bad-options'));
    }
    const { interaction, replies } = fakeInteraction();
    const handled = await showLog(ctx as unknown as BotContext, interaction, game.row.id, { seq: 5, toward: 'newer' }, t);
    expect(handled.outcome).toMatch(/^ok:5-\d+\/\d+$/);
    expect(replies[0]?.content).toMatch(/the public log, moves 5–/);
  });
});

describe('log pages at the edges', () => {
  it('cuts an action too long for a page, one action a page', () => {
    const verbose: AnyGamePresenter = {
      ...presenters.cartagena,
      describe: (events, pctx) => {
        const lines = presenters.cartagena.describe(events, pctx);
        return lines.length === 0 ? [] : [`${lines.join(' ')} ${'x'.repeat(2000)}`];
      },
    };
    const { ctx, game } = playedGame(12, verbose);
    const pages = walk(ctx, game, 'newest', 0);
    expect(pages.length).toBeGreaterThan(5);
    for (const { page, content } of pages) {
      expect(content.length).toBeLessThanOrEqual(2000);
      if (page.text !== '') expect(page.text).toMatch(/x…$/);
      if (page.text !== '') expect(page.text.length).toBe(1800);
    }
    expect(pages.at(-1)?.page.first).toBe(0);
  });

  it('shows the setup of a game without moves, without buttons, and refuses a lobby', async () => {
    const { ctx, game } = playedGame(0);
    const built = logMessage(ctx, game.row.id, 'newest', t);
    expect(built?.message.content.split('\n')[0]).toBe(`**Cartagena** #${game.row.id}: the public log, the setup (no moves yet)`);
    expect(built?.message.components).toEqual([]);
    const lobby = ctx.service.openLobby({ guildId: 'g', channelId: 'c', hostId: 'u9', hostName: 'Kim', gameId: 'cartagena', options: { version: 'jamaica' }, locale: 'en', timeLimitMs: null });
    if (!lobby.ok) throw new Error(lobby.refusal);
    const { interaction } = fakeInteraction();
    expect((await showLog(ctx as unknown as BotContext, interaction, lobby.value.id, 'newest', t)).outcome).toBe('refused:refusal.not-running');
  });
});
