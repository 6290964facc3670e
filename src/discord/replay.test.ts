import { MessageFlags, type AttachmentBuilder, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { presenters, type GameId } from '../games/index.js';
import type { BoardRenderer, BoardRequest, OnDemand } from '../games/board-renderer.js';
import { translator } from '../i18n/index.js';
import { replay } from '../service/action-log.js';
import { playedGame } from '../../tests/support/played-game.js';
import { validatedRows } from '../../tests/support/components.js';
import type { BotContext } from './context.js';
import { decodeId } from './custom-id.js';
import { endOf, publicMoves } from './public-moves.js';
import { menuDescription, menuMoves, replayView, showReplay } from './replay.js';
import { onDemandBoards } from './rate-limit.js';
import { storeForTests } from '../service/test-access.js';
import { actionKey } from '../engine/action-identity.js';
import { refuseLoneSurrogates, validateMessageFields } from '../../tests/e2e/server/validate.js';

const t = translator('en');

/**
 * A view as canonical JSON (keys sorted: PostgreSQL's jsonb keeps them in an order of its own), and a
 * board as the fake renderer draws it: its view so written, so that a test can read what an image shows.
 */
const canonical = (view: unknown) => actionKey(view);
const imageOf = (request: BoardRequest) => Buffer.from(canonical(request.view));

interface Drawing {
  request: BoardRequest;
  why: OnDemand;
}

/**
 * A game played to its end (or `actions` long) with a context that records the boards it is asked to
 * draw. With `held`, each board waits until the test lets it go (`release`); `failing` draws none.
 */
async function replayable(gameId: GameId, options: Parameters<typeof playedGame>[1] & { held?: boolean; failing?: boolean } = {}) {
  const { service, game } = await playedGame(gameId, { players: 3, ...options });
  const drawn: Drawing[] = [];
  const waiting: (() => void)[] = [];
  const errors: unknown[] = [];
  const boards: BoardRenderer = {
    render: async (request, why = 'asked') => {
      if (options.held) await new Promise<void>((go) => waiting.push(go));
      if (options.failing) throw new Error('no canvas today');
      drawn.push({ request, why });
      return imageOf(request);
    },
    upload: () => Promise.reject(new Error('no posts here')),
    close: async () => undefined,
  };
  const ctx = {
    service,
    presenters,
    boards,
    logger: { error: (...args: unknown[]) => errors.push(args), warn: (...args: unknown[]) => errors.push(args) },
  } as unknown as BotContext;
  /** Lets every board waiting to be drawn go, until none is left (boards drawn ahead come one after another). */
  const release = async () => {
    await vi.waitFor(() => {
      waiting.splice(0).forEach((go) => go());
      expect(waiting).toHaveLength(0);
    });
  };
  return { ctx, game, drawn, waiting, errors, release };
}

/** Just enough of an interaction for a replay: a command, or a click on the user's own replay (`viewer`: its message). */
function interaction(user: string, kind: 'command' | 'click' = 'command', viewer = 'viewer-1') {
  const answers: { content: string; files: AttachmentBuilder[]; components: unknown[] }[] = [];
  const refusals: string[] = [];
  const fake = {
    id: `interaction-${++interactions}`,
    user: { id: user },
    locale: 'en-US',
    deferred: false,
    replied: false,
    customId: 'replayto:1:0:n',
    isMessageComponent: () => kind === 'click',
    message: { id: viewer, flags: { has: (flag: MessageFlags) => kind === 'click' && flag === MessageFlags.Ephemeral } },
    deferUpdate: async () => void (fake.deferred = true),
    deferReply: async () => void (fake.deferred = true),
    editReply: async (options: { content: string; files: AttachmentBuilder[]; components: unknown[] }) => {
      answers.push(options);
      return { id: viewer };
    },
    reply: async (options: { content: string }) => void refusals.push(options.content),
    followUp: async (options: { content: string }) => void refusals.push(options.content),
  };
  return { interaction: fake as unknown as ChatInputCommandInteraction & ButtonInteraction, answers, refusals };
}
let interactions = 0;

/** The image an answer carries, as the fake renderer drew it (the view's JSON), or undefined. */
const shownImage = (answer: { files: AttachmentBuilder[] } | undefined) => (answer?.files[0]?.attachment as Buffer | undefined)?.toString();

describe('the "go to move" menu', () => {
  it('offers at most 25 moves: the start, the end, the move shown and those around it, nearby ends of turns, and a spread', async () => {
    const closes = Array.from({ length: 300 }, (_, i) => i % 7 === 6);
    for (const shown of [0, 1, 150, 299, 300]) {
      const offered = menuMoves(shown, { closes });
      expect(offered.length).toBeLessThanOrEqual(25);
      expect(offered).toEqual([...new Set(offered)].sort((a, b) => a - b));
      for (const move of [0, 300, shown, Math.max(0, shown - 1), Math.min(300, shown + 2)]) expect(offered).toContain(move);
      const turnEnds = offered.filter((move) => move > shown && closes[move - 1]);
      if (shown < 280) expect(turnEnds.length).toBeGreaterThanOrEqual(6);
      expect(offered.filter((move) => move > 60 && move < 240).length).toBeGreaterThan(3);
    }
    expect(menuMoves(2, { closes: [false, true, false, true] })).toEqual([0, 1, 2, 3, 4]);
    expect(menuMoves(0, { closes: [] })).toEqual([0]);
  });

  it("describes a move by all its lines run together, cut between words with '…' when they do not fit", async () => {
    expect(menuDescription(['⚓ **Anne shanghais** and ends round 3:', '• Card 1 → **Anne**.', '• Card 2: no dice, removed.'])).toBe(
      '⚓ Anne shanghais and ends round 3: Card 1 → Anne. Card 2: no dice, removed.',
    );
    const long = menuDescription([
      '⚓ **Anne shanghais** and ends round 3:',
      ...Array.from({ length: 6 }, (_, i) => `• Card ${i + 1} (🇳🇱 Dutchman ${i}) → **Anne**, the only one with dice there.`),
    ]);
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/^⚓ Anne shanghais and ends round 3: Card 1 .*\S…$/u);
    // Cut where a word ends: what is left is the start of the whole text, up to a space.
    const whole = menuDescription(['x'.repeat(10)]);
    expect(whole).toBe('x'.repeat(10));
    const kept = long.slice(0, -1);
    const full =
      '⚓ Anne shanghais and ends round 3: ' +
      Array.from({ length: 6 }, (_, i) => `Card ${i + 1} (🇳🇱 Dutchman ${i}) → Anne, the only one with dice there.`).join(' ');
    expect(full.startsWith(kept)).toBe(true);
    expect(full[kept.length]).toBe(' ');

    // In a real game: a Shanghaien round's end tells the cards after its first line, in both languages.
    const { ctx, game } = await replayable('shanghaien', { players: 2, actions: 40 });
    const moves = await publicMoves(ctx, game);
    const shownOption = async (move: number, locale: 'en' | 'nl') => {
      const menu = (await replayView(ctx, game, moves, move, locale, translator(locale))).components[1]?.components[0];
      return (menu && 'options' in menu ? menu.options : []).find((o) => o.default)?.description ?? '';
    };
    let ending = 1;
    while (ending < moves.seqs.length && !(await shownOption(ending, 'en')).includes('ends round')) ending++;
    expect(await shownOption(ending, 'en')).toMatch(/shanghais and ends round 1: .*\S…$/u);
    expect(await shownOption(ending, 'nl')).toMatch(/beëindigt ronde 1: .*\S…$/u);
  });
});

describe('a replay', () => {
  it('steps through the moves the log counts, each with its line, its buttons and a menu that Discord accepts', async () => {
    const { ctx, game } = await replayable('cartagena', { actions: 200, variant: { version: 'jamaica' } });
    const moves = await publicMoves(ctx, game);
    const total = moves.seqs.length;
    for (const move of [0, 1, 17, total - 1, total]) {
      const view = await replayView(ctx, game, moves, move, 'en', t);
      expect(view.content.split('\n')[0]).toBe(
        `**Cartagena** #${game.row.id}: replay, ${move === 0 ? `the start, before move 1 of ${total}` : `after move ${move} of ${total}`}`,
      );
      expect(view.content).toContain('The game is still running');
      expect(view.through).toBe(endOf(moves, move));
      expect(() => validatedRows(view.components)).not.toThrow();
      const [buttons, menu] = view.components;
      const targets = (buttons?.components ?? []).map((b) => ('custom_id' in b ? decodeId(b.custom_id) : null));
      expect(targets.map((id) => (id?.kind === 'replayto' ? id.move : null))).toEqual([0, Math.max(0, move - 1), Math.min(total, move + 1), total]);
      expect((buttons?.components ?? []).map((b) => ('disabled' in b ? b.disabled : undefined))).toEqual([
        move === 0,
        move === 0,
        move === total,
        move === total,
      ]);
      const options = menu?.components[0] && 'options' in menu.components[0] ? menu.components[0].options : [];
      expect(options.find((o) => o.default)?.value).toBe(String(move));
      for (const option of options) if (option.value !== '0') expect(option.description, option.label).toMatch(/\S/);
    }
  });

  it("draws each move's board from the spectator's view of the state after it, never a hidden card, and keeps it for every viewer", async () => {
    const { ctx, game, drawn } = await replayable('halunken', { variant: { variant: 'standard' } });
    expect(game.row.status).toBe('finished');
    const moves = await publicMoves(ctx, game);
    const log = await storeForTests(ctx.service).log.all(game.row.id);
    for (let move = 0; move <= moves.seqs.length; move += 3) {
      const { interaction: click, answers } = interaction('halunken-u0', 'click');
      const handled = await showReplay(ctx, click, game.row.id, move, t);
      expect(handled.outcome).toBe(`ok:${move}/${moves.seqs.length}`);
      const state = replay(
        game.def,
        game.row,
        game.seats.length,
        log.filter((row) => row.seq <= endOf(moves, move)),
      );
      expect(answers).toHaveLength(1);
      expect(shownImage(answers[0])).toBe(canonical(game.def.view(state, null)));
      // Described for screen readers from the same spectator's view.
      expect(answers[0]?.files[0]?.description).toMatch(/Halunken/);
    }
    // Every board drawn, ahead too, is a spectator's view after one of the moves.
    const views = Array.from({ length: moves.seqs.length + 1 }, (_, n) =>
      canonical(
        game.def.view(
          replay(
            game.def,
            game.row,
            game.seats.length,
            log.filter((row) => row.seq <= endOf(moves, n)),
          ),
          null,
        ),
      ),
    );
    for (const { request } of drawn) expect(views).toContain(canonical(request.view));
    // Asked again, by someone else, the board is the one drawn before.
    const asked = drawn.filter((d) => d.why === 'asked').length;
    const { interaction: again, answers } = interaction('halunken-u1', 'click', 'viewer-2');
    await showReplay(ctx, again, game.row.id, 3, t);
    expect(shownImage(answers[0])).toBe(views[3]);
    expect(drawn.filter((d) => d.why === 'asked')).toHaveLength(asked);
  });

  it('draws the moves after the one shown (and the one before) ahead, at the lowest priority, once for every viewer', async () => {
    const { ctx, game, drawn } = await replayable('cartagena', { actions: 120, variant: { version: 'jamaica' } });
    const moves = await publicMoves(ctx, game);
    const log = await storeForTests(ctx.service).log.all(game.row.id);
    const after = (n: number) =>
      canonical(
        game.def.view(
          replay(
            game.def,
            game.row,
            game.seats.length,
            log.filter((row) => row.seq <= endOf(moves, n)),
          ),
          null,
        ),
      );
    const { interaction: opened } = interaction('cartagena-anne');
    await showReplay(ctx, opened, game.row.id, 10, t);
    await vi.waitFor(() => expect(drawn).toHaveLength(5));
    expect(drawn.map((d) => [d.why, canonical(d.request.view)])).toEqual([
      ['asked', after(10)],
      ['ahead', after(11)],
      ['ahead', after(12)],
      ['ahead', after(13)],
      ['ahead', after(9)],
    ]);
    // Paging on finds each board drawn, and draws the next one ahead.
    for (const move of [11, 12, 13]) {
      const { interaction: next, answers } = interaction('cartagena-anne', 'click');
      await showReplay(ctx, next, game.row.id, move, t);
      expect(answers).toHaveLength(1);
      expect(shownImage(answers[0])).toBe(after(move));
      await vi.waitFor(() => expect(drawn).toHaveLength(5 + move - 10));
      expect(canonical(drawn.at(-1)?.request.view)).toBe(after(move + 3));
    }
    expect(drawn.slice(1).every((d) => d.why === 'ahead')).toBe(true);
    // Another member looking at the same moves shares them: nothing is drawn again.
    const { interaction: bram, answers } = interaction('cartagena-bram');
    await showReplay(ctx, bram, game.row.id, 12, t);
    expect(shownImage(answers[0])).toBe(after(12));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drawn).toHaveLength(8);
  });

  it("never refuses a member past his allowance: the move and every control at once with 'drawing…', then its board edited in", async () => {
    const { ctx, game, waiting, release } = await replayable('shanghaien', { players: 2, held: true });
    const member = `limited-${game.row.id}`;
    while (onDemandBoards().take(member));
    const { interaction: click, answers, refusals } = interaction(member, 'click');
    const handled = await showReplay(ctx, click, game.row.id, 4, t);
    expect(handled.outcome).toMatch(/^ok:4\//);
    expect(refusals).toEqual([]);
    const view = await replayView(ctx, game, await publicMoves(ctx, game), 4, 'en', t);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.content).toBe(`${view.content}\n\n${t('replay.drawing')}`);
    expect(answers[0]?.components).toEqual(view.components);
    expect(answers[0]?.files).toEqual([]);
    // His board waits its turn in the line of boards drawn ahead, then comes with the same controls.
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    await release();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(answers[1]?.content).toBe(view.content);
    expect(answers[1]?.components).toEqual(view.components);
    expect(shownImage(answers[1])).toBeDefined();
  });

  it('edits in no board of a move the member has paged past, and the newest click has the last word', async () => {
    const { ctx, game, release } = await replayable('shanghaien', { players: 2, held: true });
    const member = `pager-${game.row.id}`;
    const first = interaction(member, 'click', `viewer-${member}`);
    const second = interaction(member, 'click', `viewer-${member}`);
    await showReplay(ctx, first.interaction, game.row.id, 3, t);
    await showReplay(ctx, second.interaction, game.row.id, 9, t);
    await release();
    await vi.waitFor(() => expect(second.answers).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first click's board came too late: its answer stays the one it gave at once.
    expect(first.answers.map((a) => a.files.length)).toEqual([0]);
    expect(second.answers[1]?.content).toMatch(/after move 9 of/);
    expect(shownImage(second.answers[1])).toBeDefined();
  });

  it('shows the move without its board, saying so, when the board cannot be drawn', async () => {
    const { ctx, game, errors } = await replayable('honderden', { actions: 20, failing: true });
    const { interaction: click, answers } = interaction('u0', 'click');
    expect((await showReplay(ctx, click, game.row.id, 2, t)).outcome).toMatch(/^ok:2\//);
    expect(answers[0]?.content).toContain(t('replay.no-board'));
    expect(answers[0]?.files).toEqual([]);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
  });

  it('opens at the latest move for a command, clamps a move beyond the end there, and refuses one on a button', async () => {
    const { ctx, game } = await replayable('honderden', { actions: 40 });
    const total = (await publicMoves(ctx, game)).seqs.length;
    const latest = interaction('u0');
    expect((await showReplay(ctx, latest.interaction, game.row.id, 'last', t)).outcome).toBe(`ok:${total}/${total}`);
    const beyond = interaction('u0');
    expect((await showReplay(ctx, beyond.interaction, game.row.id, total + 100, t)).outcome).toBe(`ok:${total}/${total}`);
    const forged = interaction('u0', 'click');
    expect((await showReplay(ctx, forged.interaction, game.row.id, total + 1, t)).outcome).toBe('refused:replay.no-such-move');
    expect(forged.refusals).toEqual([t('replay.no-such-move', { move: total + 1, total })]);
    expect(forged.answers).toEqual([]);
  });

  it('shows no move that may still be taken back', async () => {
    // Cartagena Jamaica: a card played forward may be taken back while the turn lasts.
    const { ctx, game: played } = await replayable('cartagena', { actions: 40, variant: { version: 'jamaica' } });
    let game = played;
    for (let tries = 0; tries < 6; tries++) {
      const seat = game.def.toAct(game.state)[0] as number;
      const moved = await ctx.service.act(game.row.id, game.seats[seat]?.userId as string, game.row.version, 0);
      if (!moved.ok) throw new Error(moved.refusal);
      game = moved.value.game;
      if ((await ctx.service.undoableMove(game, seat)) !== null) break;
    }
    const shown = (await ctx.service.shownTo(game, null)).row.version;
    expect(shown).toBeLessThan(game.row.version);
    const moves = await publicMoves(ctx, game);
    expect(moves.through).toBe(shown);
    expect(Math.max(...moves.seqs)).toBeLessThanOrEqual(shown);
    const latest = interaction('u0');
    await showReplay(ctx, latest.interaction, game.row.id, 'last', t);
    expect(latest.answers[0]?.content).toContain(`after move ${moves.seqs.length} of ${moves.seqs.length}`);
  });
});

describe('the "go to move" menu with long names', () => {
  it("never cuts an emoji of a move's line in two, whatever the length of the players' names", async () => {
    // Shanghaien's round lines name the starting player twice, then the tavern's cards by their flags:
    // names of every length put each flag, and each half of it, at the cut.
    const { ctx, game } = await replayable('shanghaien', { players: 3, actions: 60 });
    const moves = await publicMoves(ctx, game);
    const cut: string[] = [];
    for (let length = 1; length <= 32; length++) {
      for (const seat of [0, 1, 2]) {
        const named = { ...game, seats: game.seats.map((s) => (s.seat === seat ? { ...s, displayName: 'x'.repeat(length) } : s)) };
        for (const locale of ['en', 'nl'] as const) {
          const view = await replayView(ctx, named, moves, 0, locale, translator(locale));
          // As the local Discord takes the message: no lone surrogate anywhere, every limit kept.
          expect(() => refuseLoneSurrogates({ content: view.content, components: view.components })).not.toThrow();
          expect(() => validateMessageFields({ content: view.content, components: view.components })).not.toThrow();
          const menu = view.components[1]?.components[0];
          for (const option of menu && 'options' in menu ? menu.options : []) {
            const description = option.description ?? '';
            if (description.endsWith('…')) cut.push(description);
            // A flag is two regional indicators: never one alone.
            expect((description.match(/\p{Regional_Indicator}/gu) ?? []).length % 2, description).toBe(0);
          }
        }
      }
    }
    // The menu did cut lines, many of them among the flags.
    expect(cut.filter((d) => /\p{Regional_Indicator}…$/u.test(d)).length).toBeGreaterThan(0);
  });
});
