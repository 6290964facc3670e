/** Worker thread entry: draws board images sent by WorkerBoardRenderer, one at a time. */
import { parentPort } from 'node:worker_threads';
import { drawBoard, type BoardRequest } from './board-renderer.js';
import { presenters } from './index.js';

const port = parentPort;
if (!port) throw new Error('board-worker.ts runs only as a worker thread');

port.on('message', ({ id, request }: { id: number; request: BoardRequest }) => {
  drawBoard(presenters, request).then(
    (png) => port.postMessage({ id, png }),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
