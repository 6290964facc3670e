/**
 * Work that takes tens or hundreds of milliseconds of CPU (drawing a board, a bot's thinking) runs
 * in worker threads, so that the main thread stays free for interactions. A pool hands one job at
 * a time to each of its workers; the others wait here as small requests, in a fair order (see
 * fair-queue.ts). A worker that dies fails its job and is replaced.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FairQueue, type QueueOrder } from './fair-queue.js';

interface Job<Request, Reply> {
  request: Request;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/** What a worker posts back: its answer, or the message of the error it met. */
export type WorkerAnswer<Reply> = { id: number; reply: Reply } | { id: number; error: string };

interface Slot<Request, Reply> {
  worker: Worker;
  running: Map<number, Job<Request, Reply>>;
}

export class WorkerPool<Request, Reply> {
  private readonly slots: Slot<Request, Reply>[] = [];
  private readonly waiting = new FairQueue<Job<Request, Reply>>();
  private nextId = 1;
  private closed = false;

  /**
   * `entry`: the worker module's URL (`.ts` when running from sources). `closeGraceMs`: how long
   * `close` lets a job being done finish before the workers are ended.
   */
  constructor(
    private readonly entry: URL,
    private readonly name: string,
    size: number,
    private readonly closeGraceMs = 0,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Does `request` in a worker when its turn comes: by `order`'s priority, then taking turns by its key. */
  run(request: Request, order: QueueOrder = {}): Promise<Reply> {
    if (this.closed) return Promise.reject(new Error(`the ${this.name} workers are closed`));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject }, order);
      this.dispatch();
    });
  }

  /** Jobs not answered yet: waiting for a worker or being done. */
  get backlog(): number {
    return this.slots.reduce((jobs, slot) => jobs + slot.running.size, this.waiting.length);
  }

  /** Refuses the jobs still waiting, lets those being done finish (for `closeGraceMs` at most), then ends the workers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.drain()) job.reject(new Error(`the ${this.name} workers are closed`));
    const answering = this.slots.flatMap((slot) => [...slot.running.values()].map(answered));
    if (answering.length > 0 && this.closeGraceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(answering), new Promise((resolve) => (timer = setTimeout(resolve, this.closeGraceMs)))]);
      clearTimeout(timer);
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  /** Hands waiting jobs to idle workers, in the queue's order. */
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

  private spawn(): Slot<Request, Reply> {
    const worker = startWorker(this.entry);
    // Workers must not keep the process alive on their own.
    worker.unref();
    const slot: Slot<Request, Reply> = { worker, running: new Map() };
    worker.on('message', (answer: WorkerAnswer<Reply>) => {
      const job = slot.running.get(answer.id);
      if (!job) return;
      slot.running.delete(answer.id);
      if ('reply' in answer) job.resolve(answer.reply);
      else job.reject(new Error(answer.error));
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => this.replace(slot, new Error(`a ${this.name} worker exited with code ${code}`)));
    return slot;
  }

  private replace(slot: Slot<Request, Reply>, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    for (const job of slot.running.values()) job.reject(error);
    slot.running.clear();
    if (this.closed) return;
    this.slots[index] = this.spawn();
    this.dispatch();
  }
}

/** Settles when a job being done is answered (or its worker dies), either way. */
function answered<Request, Reply>(job: Job<Request, Reply>): Promise<void> {
  return new Promise((done) => {
    const { resolve, reject } = job;
    job.resolve = (reply) => {
      done();
      resolve(reply);
    };
    job.reject = (error) => {
      done();
      reject(error);
    };
  });
}

/** The URL of a module beside `base` (a worker's, a shard's entry), with the extension the running code has (.ts under tsx). */
export function workerUrl(name: string, base: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
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

/**
 * Background work yields to clicks: on Linux a worker lowers its own scheduling priority (a thread
 * id works as a pid for setpriority), so that when the cores are busy the main thread answering
 * interactions runs first. Elsewhere the worker keeps normal priority.
 */
export function lowerOwnPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 19);
  } catch {
    // Not Linux, or not permitted: the work still gets done, only without the courtesy.
  }
}

/**
 * A reply that is bytes of its own (a PNG from canvas) is handed over rather than copied: a board
 * is a few hundred KB, and each copy is memory the main thread's garbage collector must answer for.
 * Bytes that are a view into a larger buffer (Node's small-buffer pool) are copied as usual.
 */
export function transferable(reply: unknown): ArrayBuffer[] {
  if (!(reply instanceof Uint8Array) || !(reply.buffer instanceof ArrayBuffer)) return [];
  return reply.byteOffset === 0 && reply.byteLength === reply.buffer.byteLength ? [reply.buffer] : [];
}

/** Serves a pool's jobs in a worker thread: `work` turns each request into a reply. */
export async function serveJobs<Request, Reply>(work: (request: Request) => Reply | Promise<Reply>): Promise<void> {
  const { parentPort } = await import('node:worker_threads');
  const port = parentPort;
  if (!port) throw new Error('this module runs only as a worker thread');
  lowerOwnPriority();
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    Promise.resolve()
      .then(() => work(request))
      .then(
        (reply) => port.postMessage({ id, reply }, transferable(reply)),
        (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
