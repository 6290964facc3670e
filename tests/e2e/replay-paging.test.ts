/**
 * A replay paged as players page it, with the bot's own limit on boards drawn on demand (five in a
 * row, then one every 10 s): a whole game, one click on ▶ a second, gets the board of every move, on
 * a viewer that keeps all its controls at every edit and never says "Slow down"; nor does opening the
 * replay again past that limit. (issue 36: after five boards the viewer was replaced by "Slow down".)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, selectsOf, type FakeDiscord, type RawComponent, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { sha, SpectatorBoards } from './spectator-boards.js';
import { finishedGame, heading, imageOf, withBoard } from './replays.js';
import { expectSanePng } from '../support/png.js';

// The limit as deployed: BOARD_BURST unset.
const harness = useHarness('replay-paging', ['anne']);
let discord: FakeDiscord;
let anne: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne],
    } = harness),
);

const CONTROLS = ['⏮ Start', '◀ Back', 'Next ▶', 'End ⏭'];
const controlsOf = (message: { components: RawComponent[] }) => ({
  buttons: buttonsOf(message as StoredMessage).map((b) => b.label),
  menus: selectsOf(message as StoredMessage).map((s) => s.customId?.split(':')[0]),
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

describe('paging a replay', () => {
  it('goes through a whole game at one click a second with a board at every step, every control kept, never "Slow down"', async () => {
    // Halunken's beginner game for three, Anne and two bots playing it to its end: some 25 to 35 moves.
    const { id, final } = await finishedGame(discord, anne, { game: 'halunken', variant: 'beginner', bots: 2 }, Number.POSITIVE_INFINITY);
    let viewer = await withBoard(discord, (await anne.click(final, { customId: `replay:${id}` })).message as StoredMessage, id, 0);
    const total = Number(/before move 1 of (\d+)$/.exec(heading(viewer))?.[1]);
    expect(total).toBeGreaterThan(10);
    const expected = new SpectatorBoards(harness.databasePath, id);
    expect(expected.moves).toHaveLength(total);

    const waits: number[] = [];
    const images = [imageOf(viewer)];
    for (let move = 1; move <= total; move++) {
      const clicked = Date.now();
      const step = await anne.click(viewer, { label: 'Next ▶' });
      expect(step.ephemeral).toBe(true);
      viewer = await withBoard(discord, step.message as StoredMessage, id, move);
      waits.push(Date.now() - clicked);
      expect(heading(viewer)).toMatch(new RegExp(`#${id}: replay, after move ${move} of ${total}$`));
      images.push(imageOf(viewer));
      await sleep(clicked + 1000 - Date.now());
    }
    for (const png of images) expectSanePng(png);
    // The boards are the spectators' boards of those moments (a few, drawn here apart from the bot).
    for (const move of new Set([1, 5, Math.floor(total / 2), total])) expect(sha(images[move] as Buffer), `move ${move}`).toBe(sha(await expected.after(move)));

    // Every state the viewer went through, "drawing…" ones included, had all its controls (once "thinking…" was over).
    const LOADING = 128;
    const states = [...discord.message(viewer.id).edits, discord.message(viewer.id)].filter((state) => (state.flags & LOADING) === 0);
    expect(states.length).toBeGreaterThan(total);
    for (const state of states) expect(controlsOf(state), state.content.split('\n')[0]).toEqual({ buttons: CONTROLS, menus: ['replaygo'] });
    // Far past five boards in a row, nothing said "Slow down"; nor does opening the replay again.
    const again = await anne.slash('game', { subcommand: 'replay', options: { id, move: 3 } });
    const reopened = await withBoard(discord, again.message as StoredMessage, id, 3);
    expect(controlsOf(reopened)).toEqual({ buttons: CONTROLS, menus: ['replaygo'] });
    const told = discord.visibleTo(anne).flatMap((m) => [...m.edits, m].map((state) => state.content));
    expect(told.length).toBeGreaterThan(total);
    expect(told.filter((text) => /Slow down/.test(text))).toEqual([]);
    expect(Math.max(...waits), `waits per step: ${waits.join(', ')} ms`).toBeLessThan(20_000);
    discord.assertInteractionsHealthy();
  });
});
