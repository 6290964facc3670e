import { describe, expect, it } from 'vitest';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { transferable, WorkerPool } from './worker-pool.js';

describe('a pool of workers', () => {
  it('counts the jobs not answered yet, waiting or being done', async () => {
    // A worker that answers each job with its request.
    const worker = new URL(
      `data:text/javascript,${encodeURIComponent("import { parentPort } from 'node:worker_threads'; parentPort.on('message', ({ id, request }) => parentPort.postMessage({ id, reply: request }));")}`,
    );
    const pool = new WorkerPool<number, number>(worker, 'echo', 1);
    expect(pool.backlog).toBe(0);
    const replies = Promise.all([pool.run(1), pool.run(2), pool.run(3)]);
    expect(pool.backlog).toBe(3);
    expect(await replies).toEqual([1, 2, 3]);
    expect(pool.backlog).toBe(0);
    await pool.close();
  });
});

describe('worker replies', () => {
  it('hands over bytes that own their buffer, and they arrive whole', () => {
    const png = Buffer.alloc(300_000, 7);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage({ id: 1, reply: png }, transferable(png));
    // Handed over, not copied: the sender's view is emptied.
    expect(png.byteLength).toBe(0);
    const got = receiveMessageOnPort(port2)?.message as { reply: Uint8Array };
    expect(got.reply.byteLength).toBe(300_000);
    expect(got.reply.every((b) => b === 7)).toBe(true);
    port1.close();
  });

  it("copies bytes that are a view into a larger buffer (Node's small-buffer pool), which must not be taken away", () => {
    const small = Buffer.from('a small reply');
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    expect(transferable(small)).toEqual([]);
    expect(transferable({ not: 'bytes' })).toEqual([]);
    expect(transferable(new Uint8Array(new SharedArrayBuffer(8)))).toEqual([]);
  });
});
