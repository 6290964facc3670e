/**
 * Board images for the Discord layer. Drawing a board takes tens of milliseconds of CPU, which
 * on the main thread would hold up every other player's click, so the bot draws them in worker
 * threads (see board-worker.ts); tests and tools may draw in-process instead.
 */
import { availableParallelism } from 'node:os';
import type { PresentedPlayer, RoundTurn } from './presenter.js';
import type { AnyGamePresenter } from './presenter.js';
import { translator, type Locale } from '../i18n/index.js';
import { WorkerPool, workerUrl } from '../worker-pool.js';
import type { QueueOrder } from '../fair-queue.js';
import { multipart, multipartType, newBoundary, type Upload } from '../multipart.js';
import { boardAltText } from './alt-text.js';

/** Everything a board image is drawn from: plain data, so that it can cross to a worker. */
export interface BoardRequest {
  gameId: string;
  /** A spectator's view: only public information ever reaches the renderer. */
  view: unknown;
  locale: Locale;
  players: PresentedPlayer[];
  /** The earlier turns of the round the board marks (see GamePresenter.render); none for the last turn alone. */
  earlier?: RoundTurn[];
}

/** A board post: the message's JSON (payload_json) and the name of the board image it carries. */
export interface BoardPost {
  board: BoardRequest;
  message: unknown;
  fileName: string;
}

/**
 * Why a board is drawn on demand: someone waits for it (`/game board`, the replay step shown), or it
 * is drawn ahead for a replay (the moves around the one shown), which nobody waits for yet.
 */
export type OnDemand = 'asked' | 'ahead';

export interface BoardRenderer {
  /** A board asked for on demand: drawn after the posts waiting to be drawn, one drawn ahead after those asked for. */
  render(request: BoardRequest, why?: OnDemand): Promise<Buffer>;
  /**
   * The board drawn and wrapped with its message as one upload, where it is drawn: a worker
   * copies the image's bytes into the body, so the main thread never holds them twice (each
   * copy of a few hundred KB is memory its garbage collector must answer for). The image's
   * attachment gets its description (alt text) there too.
   */
  upload(post: BoardPost): Promise<Upload>;
  close(): Promise<void>;
}

/** Draws a board with the game's presenter; shared by the in-process renderer and the workers. */
export function drawBoard(presenters: Record<string, AnyGamePresenter>, request: BoardRequest): Promise<Buffer> {
  const presenter = presenters[request.gameId];
  if (!presenter) return Promise.reject(new Error(`no presenter for game '${request.gameId}'`));
  return presenter.render(request.view, { t: translator(request.locale), players: request.players }, request.earlier ?? []);
}

/** The board's description for screen readers (alt text), from the very view its image is drawn from. */
export function describeBoard(presenters: Record<string, AnyGamePresenter>, request: BoardRequest): string {
  const presenter = presenters[request.gameId];
  if (!presenter) throw new Error(`no presenter for game '${request.gameId}'`);
  return boardAltText(presenter, request.view, { t: translator(request.locale), players: request.players });
}

/** The message with the board image's description on its attachment (`attachments[n].description`). */
function withDescription(message: unknown, fileName: string, description: string): unknown {
  const payload = message as { attachments?: { filename?: string }[] };
  if (!Array.isArray(payload.attachments)) return message;
  return { ...payload, attachments: payload.attachments.map((a) => (a.filename === fileName ? { ...a, description } : a)) };
}

/**
 * Draws a board post's image and wraps it with its message, with the given multipart boundary.
 * The image's description is made here too, from the same request, so that it can only ever say
 * what the picture shows.
 */
export async function drawUpload(presenters: Record<string, AnyGamePresenter>, post: BoardPost, boundary: string): Promise<Buffer> {
  const png = await drawBoard(presenters, post.board);
  const message = withDescription(post.message, post.fileName, describeBoard(presenters, post.board));
  return multipart(message, [{ name: post.fileName, data: png }], boundary).body;
}

/** An upload whose body `wrap` makes with a fresh boundary, wherever it is made. */
async function withBoundary(wrap: (boundary: string) => Promise<Buffer>): Promise<Upload> {
  const boundary = newBoundary();
  return { body: await wrap(boundary), contentType: multipartType(boundary) };
}

/** Draws on the calling thread. */
export function inProcessRenderer(presenters: Record<string, AnyGamePresenter>): BoardRenderer {
  return {
    render: (request) => drawBoard(presenters, request),
    upload: (post) => withBoundary((boundary) => drawUpload(presenters, post, boundary)),
    close: async () => undefined,
  };
}

/** How long closing waits for the boards being drawn: a board takes tens of milliseconds. */
const BOARD_CLOSE_GRACE_MS = 2000;

/**
 * The order of the board queue: a game's post (a turn passed, everyone waits for it) before any
 * board asked for on demand, which only the member who asked is waiting for, and that before the
 * boards a replay draws ahead, which nobody waits for yet.
 */
export const POST_FIRST: QueueOrder = { priority: 0 };
export const ON_DEMAND_AFTER: QueueOrder = { priority: 1 };
export const AHEAD_LAST: QueueOrder = { priority: 2 };

/** A job for a board worker: a board to draw, or a post to draw and wrap. */
export type BoardJob = { draw: BoardRequest } | { post: BoardPost; boundary: string };

/**
 * Draws in worker threads (board-worker.ts), one per spare core by default (a 2-core machine gets
 * one, so that the main thread keeps a core for interactions), one board at a time each: queued
 * inside a worker, boards were measured to cost megabytes each until it went idle.
 */
export class WorkerBoardRenderer implements BoardRenderer {
  private readonly pool: WorkerPool<BoardJob, Uint8Array>;

  constructor(size = Math.min(4, Math.max(1, availableParallelism() - 1))) {
    // A board being drawn is let finish when the bot stops: a worker ended inside canvas's native
    // drawing code takes the whole process down with it (seen as an abort while stopping).
    this.pool = new WorkerPool(workerUrl('board-worker', import.meta.url), 'board', size, BOARD_CLOSE_GRACE_MS);
  }

  async render(request: BoardRequest, why: OnDemand = 'asked'): Promise<Buffer> {
    return asBuffer(await this.pool.run({ draw: request }, why === 'ahead' ? AHEAD_LAST : ON_DEMAND_AFTER));
  }

  upload(post: BoardPost): Promise<Upload> {
    // The boundary is chosen here so that the worker's answer is the body alone, handed over whole.
    return withBoundary(async (boundary) => asBuffer(await this.pool.run({ post, boundary }, POST_FIRST)));
  }

  /** Boards waiting to be drawn or being drawn. */
  get queueLength(): number {
    return this.pool.backlog;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** Bytes handed over from a worker, seen as a Buffer without copying. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
