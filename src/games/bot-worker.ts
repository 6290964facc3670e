/** Worker thread entry: bot players' decisions, asked for by WorkerThinker, one at a time. */
import { serveJobs } from '../worker-pool.js';
import { work, type ThinkJob } from '../ai/thinker.js';
import { publicEvents } from '../engine/index.js';
import { games, type GameId } from './index.js';

// A step ends a player's move where his game posts: where its rules say a turn ended (the same judgement as for people).
const endsMove = (gameId: string, state: unknown) => {
  const def = games[gameId as GameId];
  return def.turnEnded(publicEvents(def, state));
};

await serveJobs((job: ThinkJob) => work(games, endsMove, job));
