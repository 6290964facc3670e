import { afterAll, describe, expect, it } from 'vitest';
import { parseBody } from '../../tests/e2e/server/http.js';
import type { AnyGameDefinition } from '../engine/index.js';
import { describeBoard, inProcessRenderer, WorkerBoardRenderer, type BoardPost, type BoardRequest } from './board-renderer.js';
import { games, presenters } from './index.js';

const def = games.shanghaien as AnyGameDefinition;
const board: BoardRequest = {
  gameId: 'shanghaien',
  view: def.view(def.setup({ seats: 2, seed: 'board-renderer', options: {} }), null),
  locale: 'nl',
  players: presenters.shanghaien.colours(2).map((colour, seat) => ({ name: `Speler ${seat + 1}`, mention: `<@${seat}>`, colour })),
};
const post: BoardPost = { board, message: { content: 'Beurt van Speler 1', attachments: [{ id: 0, filename: 'board.png' }] }, fileName: 'board.png' };

describe('board renderers', () => {
  const worker = new WorkerBoardRenderer(1);
  afterAll(() => worker.close());

  it('a worker draws the same board as the main thread would', async () => {
    const [drawn, expected] = await Promise.all([worker.render(board), inProcessRenderer(presenters).render(board)]);
    expect(drawn.equals(expected)).toBe(true);
  });

  it('a worker wraps a post as one upload that Discord reads back as the message and its image, described', async () => {
    const description = describeBoard(presenters, board);
    expect(description).toMatch(/^Spelbord van Shanghaien\. Ronde 1 van 8, Speler 2 moet dobbelen\./);
    for (const renderer of [worker, inProcessRenderer(presenters)]) {
      const upload = await renderer.upload(post);
      const { body, files } = await parseBody(upload.contentType, upload.body);
      expect(body).toEqual({ ...(post.message as object), attachments: [{ id: 0, filename: 'board.png', description }] });
      expect(files).toHaveLength(1);
      expect(files[0]?.filename).toBe('board.png');
      expect(Buffer.from(files[0]?.bytes ?? []).equals(await worker.render(board))).toBe(true);
    }
  });

  it('a post overtakes the boards asked for on demand that wait for the worker', async () => {
    const finished: string[] = [];
    const note = (what: string) => () => void finished.push(what);
    const asked = [0, 1, 2, 3].map((n) => worker.render(board).then(note(`board ${n}`)));
    const posted = worker.upload(post).then(note('post'));
    await Promise.all([...asked, posted]);
    // The first board was being drawn already; the post comes next, before the boards that waited.
    expect(finished).toEqual(['board 0', 'post', 'board 1', 'board 2', 'board 3']);
  });

  it("a replay's boards drawn ahead wait behind the posts and the boards someone asked for", async () => {
    const finished: string[] = [];
    const note = (what: string) => () => void finished.push(what);
    const ahead = [0, 1, 2].map((n) => worker.render(board, 'ahead').then(note(`ahead ${n}`)));
    const asked = worker.render(board, 'asked').then(note('asked'));
    const posted = worker.upload(post).then(note('post'));
    await Promise.all([...ahead, asked, posted]);
    expect(finished).toEqual(['ahead 0', 'post', 'asked', 'ahead 1', 'ahead 2']);
  });

  it('closing lets the board being drawn finish and refuses the ones still waiting', async () => {
    const closing = new WorkerBoardRenderer(1);
    await closing.render(board); // the worker is up
    const drawing = closing.upload(post);
    const waiting = closing.render(board).then(
      () => 'drawn',
      (error: Error) => error.message,
    );
    await closing.close();
    const { files } = await parseBody((await drawing).contentType, (await drawing).body);
    expect(files).toHaveLength(1);
    expect(await waiting).toMatch(/closed/);
  });
});
