/** Worker thread entry: bot players' decisions, asked for by WorkerThinker, one at a time. */
import { serveJobs } from '../worker-pool.js';
import { work, type ThinkJob } from '../ai/thinker.js';
import { publicEvents } from '../engine/index.js';
import { games, presenters, type GameId } from './index.js';

// A step ends a player's move where his game posts (the same judgement as for people).
const endsMove = (gameId: string, state: unknown) => presenters[gameId as GameId].postAfter(publicEvents(games[gameId as GameId], state));

await serveJobs((job: ThinkJob) => work(games, endsMove, job));
