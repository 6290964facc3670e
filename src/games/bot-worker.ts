/** Worker thread entry: bot players' decisions, asked for by WorkerThinker, one at a time. */
import { serveJobs } from '../worker-pool.js';
import { decide, type ThinkRequest } from '../ai/thinker.js';
import { games } from './index.js';

await serveJobs((request: ThinkRequest) => decide(games, request));
