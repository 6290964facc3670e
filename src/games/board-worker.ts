/** Worker thread entry: draws board images sent by WorkerBoardRenderer, one at a time. */
import { serveJobs } from '../worker-pool.js';
import { drawBoard, type BoardRequest } from './board-renderer.js';
import { presenters } from './index.js';

await serveJobs((request: BoardRequest) => drawBoard(presenters, request));
