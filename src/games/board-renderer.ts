/**
 * Board images for the Discord layer. Drawing a board takes tens of milliseconds of CPU, which
 * on the main thread would hold up every other player's click, so the bot draws them in worker
 * threads (see board-worker.ts); tests and tools may draw in-process instead.
 */
import { availableParallelism } from 'node:os';
import type { PresentedPlayer } from './presenter.js';
import type { AnyGamePresenter } from './presenter.js';
import { translator, type Locale } from '../i18n/index.js';
import { WorkerPool, workerUrl } from '../worker-pool.js';

/** Everything a board image is drawn from: plain data, so that it can cross to a worker. */
export interface BoardRequest {
  gameId: string;
  /** A spectator's view: only public information ever reaches the renderer. */
  view: unknown;
  locale: Locale;
  players: PresentedPlayer[];
}

export interface BoardRenderer {
  render(request: BoardRequest): Promise<Buffer>;
  close(): Promise<void>;
}

/** Draws a board with the game's presenter; shared by the in-process renderer and the workers. */
export function drawBoard(presenters: Record<string, AnyGamePresenter>, request: BoardRequest): Promise<Buffer> {
  const presenter = presenters[request.gameId];
  if (!presenter) return Promise.reject(new Error(`no presenter for game '${request.gameId}'`));
  return presenter.render(request.view, { t: translator(request.locale), players: request.players });
}

/** Draws on the calling thread. */
export function inProcessRenderer(presenters: Record<string, AnyGamePresenter>): BoardRenderer {
  return { render: (request) => drawBoard(presenters, request), close: async () => undefined };
}

/**
 * Draws in worker threads (board-worker.ts), one per spare core by default (a 2-core machine gets
 * one, so that the main thread keeps a core for interactions), one board at a time each: queued
 * inside a worker, boards were measured to cost megabytes each until it went idle.
 */
export class WorkerBoardRenderer implements BoardRenderer {
  private readonly pool: WorkerPool<BoardRequest, Uint8Array>;

  constructor(size = Math.min(4, Math.max(1, availableParallelism() - 1))) {
    this.pool = new WorkerPool(workerUrl('board-worker', import.meta.url), 'board', size);
  }

  async render(request: BoardRequest): Promise<Buffer> {
    const png = await this.pool.run(request);
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
