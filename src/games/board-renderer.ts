/**
 * Board images for the Discord layer. Drawing a board takes tens of milliseconds of CPU, which
 * on the main thread would hold up every other player's click, so the bot draws them in worker
 * threads (see board-worker.ts); tests and tools may draw in-process instead.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PresentedPlayer } from './presenter.js';
import type { AnyGamePresenter } from './presenter.js';
import { translator, type Locale } from '../i18n/index.js';

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

interface Job {
  request: BoardRequest;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

type WorkerReply = { id: number; png: Uint8Array } | { id: number; error: string };

/** One worker thread and the job it is drawing. */
interface Slot {
  worker: Worker;
  running: Map<number, Job>;
}

/**
 * A small pool of worker threads, one per spare core by default (a 2-core machine gets one, so
 * that the main thread keeps a core for interactions). Each worker draws one board at a time;
 * the others wait here as small requests (queued inside a worker, boards were measured to cost
 * megabytes each until it went idle). A worker that dies fails its job and is replaced.
 */
export class WorkerBoardRenderer implements BoardRenderer {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size = Math.min(4, Math.max(1, availableParallelism() - 1))) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  render(request: BoardRequest): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the board renderer is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Hands waiting jobs to idle workers, oldest first. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.running.size > 0) continue;
      const job = this.waiting.shift();
      if (!job) return;
      const id = this.nextId++;
      slot.running.set(id, job);
      slot.worker.postMessage({ id, request: job.request });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the board renderer is closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = startWorker(new URL(`./board-worker${extensionOf(import.meta.url)}`, import.meta.url));
    // Workers must not keep the process alive on their own.
    worker.unref();
    const slot: Slot = { worker, running: new Map() };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.running.get(reply.id);
      if (!job) return;
      slot.running.delete(reply.id);
      if ('png' in reply) job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else job.reject(new Error(reply.error));
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => this.replace(slot, new Error(`board worker exited with code ${code}`)));
    return slot;
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    for (const job of slot.running.values()) job.reject(error);
    slot.running.clear();
    if (this.closed) return;
    this.slots[index] = this.spawn();
    this.dispatch();
  }
}

function extensionOf(url: string): string {
  return url.endsWith('.ts') ? '.ts' : '.js';
}

/**
 * Starts a worker from a module URL. When the bot runs from TypeScript sources (tsx), a worker
 * thread does not inherit tsx's module hooks, so the worker registers them before importing.
 */
function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}
