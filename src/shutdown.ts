/** Stopping the bot: each step waits a bounded time, so that a step that hangs does not keep the rest from running. */
import type { Logger } from './logger.js';

/** Waits for `work` at most `ms`; a failure or a step that takes longer is logged, and the shutdown goes on. */
export async function settleWithin(logger: Logger, step: string, work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const done = work.then(
    () => 'done' as const,
    (error: unknown) => {
      logger.warn({ err: error, step }, 'a step of stopping failed; stopping all the same');
      return 'failed' as const;
    },
  );
  const outcome = await Promise.race([done, late]);
  clearTimeout(timer);
  if (outcome === 'late') logger.warn({ step, waitedMs: ms }, 'a step of stopping took too long; stopping all the same');
}
