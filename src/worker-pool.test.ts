import { describe, expect, it } from 'vitest';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { transferable } from './worker-pool.js';

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
