/** Worker thread entry: draws the board images and board posts sent by WorkerBoardRenderer, one at a time. */
import { serveJobs } from '../worker-pool.js';
import { drawBoard, drawUpload, type BoardJob } from './board-renderer.js';
import { presenters } from './index.js';

await serveJobs((job: BoardJob) => ('draw' in job ? drawBoard(presenters, job.draw) : drawUpload(presenters, job.post, job.boundary)));
