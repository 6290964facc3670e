import { describe, expect, it, vi } from 'vitest';
import type { BoardRenderer, BoardRequest, OnDemand } from '../games/board-renderer.js';
import type { LoadedGame } from '../service/game-service.js';
import type { ReplayStates } from '../service/replay-states.js';
import { ReplayBoards, type Board, type Drawn, type Look } from './replay-boards.js';

const KB = 1024;
/** A board's weight: its image of 100 KB and its description, 'a board', in UTF-16. */
const BOARD = 100 * KB + 2 * 'a board'.length;

/**
 * Boards of `size` bytes each, drawn from stand-in games whose state after an action is its number
 * (the view is the state): what is drawn is told by its request. With `held`, a board waits until
 * the test lets it go.
 */
function setup(options: { size?: number; bytes?: number; bytesPerGame?: number; members?: number; held?: boolean } = {}) {
  const drawn: { game: number; through: number; why: OnDemand }[] = [];
  const held: (() => void)[] = [];
  const renderer: BoardRenderer = {
    render: async (request: BoardRequest, why: OnDemand = 'asked') => {
      if (options.held) await new Promise<void>((go) => held.push(go));
      const [game, through] = request.view as [number, number];
      drawn.push({ game, through, why });
      return Buffer.alloc(options.size ?? 100 * KB);
    },
    upload: () => Promise.reject(new Error('no posts here')),
    close: async () => undefined,
  };
  const states = { after: async (game: LoadedGame, through: number) => [game.row.id, through] } as unknown as ReplayStates;
  const boards = new ReplayBoards(
    { renderer, describe: () => 'a board', states, logger: { error: () => undefined, warn: () => undefined } },
    { bytes: options.bytes ?? 10 * BOARD, bytesPerGame: options.bytesPerGame ?? 4 * BOARD, members: options.members ?? 100 },
  );
  return { boards, drawn, held };
}

/** A look at game `id` after `throughs` (the first shown, the others drawn ahead). */
function look(id: number, ...throughs: number[]): Look {
  const game = { row: { id, gameId: 'stand' }, def: { view: (state: unknown) => state } } as unknown as LoadedGame;
  return { game, locale: 'en', players: [], throughs };
}

const never = () => false;
const always = () => true;

describe("replays' boards", () => {
  it('draws the board looked at, then those around it ahead, each once', async () => {
    const { boards, drawn } = setup();
    const first = boards.look('anne', look(1, 5, 6, 7, 4), always);
    expect(first).toBeInstanceOf(Promise);
    expect(((await first) as Board).png.byteLength).toBe(100 * KB);
    await vi.waitFor(() => expect(drawn).toHaveLength(4));
    expect(drawn.map((d) => [d.through, d.why])).toEqual([
      [5, 'asked'],
      [6, 'ahead'],
      [7, 'ahead'],
      [4, 'ahead'],
    ]);
    // Now kept: shown at once, to anyone, and nothing drawn again.
    expect(boards.look('bram', look(1, 6, 7), always)).not.toBeInstanceOf(Promise);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drawn).toHaveLength(4);
  });

  it("keeps a game's boards within its bytes and all boards within theirs, the least recently used going first", async () => {
    const { boards, drawn } = setup();
    // Five boards of game 1 (its bound is four): the first drawn goes.
    for (const through of [1, 2, 3, 4, 5]) await boards.look('anne', look(1, through), always);
    expect(boards.bytesKept(1)).toBe(4 * BOARD);
    expect(boards.look('anne', look(1, 1), never)).toBeInstanceOf(Promise);
    await vi.waitFor(() => expect(drawn.at(-1)).toEqual({ game: 1, through: 1, why: 'ahead' }));
    // Board 2 is now the oldest of game 1; 3 is used again.
    expect(boards.look('anne', look(1, 3), never)).not.toBeInstanceOf(Promise);
    for (const game of [2, 3]) for (const through of [1, 2, 3, 4]) await boards.look('bram', look(game, through), always);
    // Twelve boards against a bound of ten in all: the two used least recently went, game 1's 4 and 5.
    expect(boards.bytesKept()).toBe(10 * BOARD);
    expect(boards.bytesKept(1)).toBe(2 * BOARD);
    for (const through of [1, 3]) expect(boards.look('anne', look(1, through), never)).not.toBeInstanceOf(Promise);
    for (const through of [4, 5]) expect(boards.look('anne', look(1, through), never)).toBeInstanceOf(Promise);
  });

  it('draws ahead one board at a time, each member with boards to draw in turn, and a member past his allowance waits his turn', async () => {
    const { boards, drawn, held } = setup({ held: true, bytes: 100 * BOARD, bytesPerGame: 100 * BOARD });
    const anne = boards.look('anne', look(1, 10, 11, 12), never);
    const bram = boards.look('bram', look(2, 20, 21, 22), never);
    const cas = boards.look('cas', look(3, 30, 31), never);
    for (let n = 1; n <= 8; n++) {
      await vi.waitFor(() => expect(held).toHaveLength(1));
      held.shift()?.();
      await vi.waitFor(() => expect(drawn).toHaveLength(n));
    }
    // Anne, alone in the line when her first board was started, went to its back before the others came.
    expect(drawn.map((d) => d.through)).toEqual([10, 11, 20, 30, 12, 21, 31, 22]);
    expect(drawn.every((d) => d.why === 'ahead')).toBe(true);
    expect(((await anne) as Board).png.byteLength).toBeGreaterThan(0);
    expect([typeof (await bram), typeof (await cas)]).toEqual(['object', 'object']);
    expect(boards.waitingMembers).toBe(0);
  });

  it('gives each member one place in the line: his newer look replaces the one before, which is no longer waited for', async () => {
    const { boards, drawn, held } = setup({ held: true });
    const before = boards.look('anne', look(1, 10, 11, 12), never) as Promise<Drawn>;
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const after = boards.look('anne', look(1, 40, 41), never) as Promise<Drawn>;
    // The board under way is drawn and kept; the rest of the old look is not drawn.
    while (drawn.length < 3) {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
      held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await before).toBe('elsewhere');
    expect(typeof (await after)).toBe('object');
    expect(drawn.map((d) => d.through)).toEqual([10, 40, 41]);
  });

  it('bounds the members remembered in the line: the oldest look goes, told it is no longer drawn', async () => {
    const { boards, held } = setup({ held: true, members: 2 });
    const looks = ['anne', 'bram', 'cas'].map((member, i) => boards.look(member, look(i + 1, 1, 2), never) as Promise<Drawn>);
    expect(boards.waitingMembers).toBe(2);
    expect(await looks[0]).toBe('elsewhere');
    held.splice(0).forEach((go) => go());
  });

  it('tells everyone waiting for a board that fails to draw, and draws it again when asked again', async () => {
    let fail = true;
    const failing = new ReplayBoards({
      renderer: {
        render: async () => {
          if (fail) throw new Error('no canvas');
          return Buffer.alloc(10);
        },
        upload: () => Promise.reject(new Error('no posts')),
        close: async () => undefined,
      },
      describe: () => 'a board',
      states: { after: async () => 0 },
      logger: { error: () => undefined, warn: () => undefined },
    });
    const asked = failing.look('anne', look(1, 3), always);
    const waiting = failing.look('bram', look(1, 3), never);
    expect([await asked, await waiting]).toEqual(['failed', 'failed']);
    expect(failing.bytesKept()).toBe(0);
    fail = false;
    const again = await failing.look('bram', look(1, 3), never);
    expect(typeof again === 'object' && again.png.byteLength).toBe(10);
    expect(failing.bytesKept()).toBeGreaterThan(0);
  });
});
