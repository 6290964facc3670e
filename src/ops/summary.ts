/**
 * At the info level the bot does not log every interaction: once a minute it logs what happened
 * in that minute (interactions, moves, posts, errors), read from the metrics' counters. A quiet
 * minute logs nothing. LOG_LEVEL=debug shows each interaction as well.
 */
import type { Logger } from '../logger.js';
import type { ActivityTotals } from './metrics.js';

export const SUMMARY_INTERVAL_MS = 60_000;

const COUNTED = ['interactions', 'moves', 'posts', 'errors'] as const;

/** Starts logging the summaries; the returned function stops it. */
export function startSummaries(totals: () => Promise<ActivityTotals>, logger: Logger, intervalMs = SUMMARY_INTERVAL_MS): () => void {
  // The counters start at zero with the bot.
  let previous: ActivityTotals = { interactions: 0, moves: 0, posts: 0, errors: 0 };
  const timer = setInterval(() => {
    totals().then(
      (now) => {
        const since = Object.fromEntries(COUNTED.map((name) => [name, now[name] - previous[name]]));
        previous = now;
        if (Object.values(since).some((n) => n > 0)) logger.info({ ...since, seconds: Math.round(intervalMs / 1000) }, 'activity');
      },
      (error: unknown) => logger.warn({ err: error }, 'could not read the activity counters'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
