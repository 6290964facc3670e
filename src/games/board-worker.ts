/** Worker thread entry: draws board images sent by WorkerBoardRenderer, one at a time. */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { drawBoard, type BoardRequest } from './board-renderer.js';
import { presenters } from './index.js';

/**
 * Boards are background work and clicks are not: on Linux this thread lowers its own scheduling
 * priority (a thread id works as a pid for setpriority), so that when the cores are busy the
 * main thread answering interactions runs first. Elsewhere the worker keeps normal priority.
 */
function lowerOwnPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 19);
  } catch {
    // Not Linux, or not permitted: drawing still works, only without the courtesy.
  }
}

lowerOwnPriority();

const port = parentPort;
if (!port) throw new Error('board-worker.ts runs only as a worker thread');

port.on('message', ({ id, request }: { id: number; request: BoardRequest }) => {
  drawBoard(presenters, request).then(
    (png) => port.postMessage({ id, png }),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
