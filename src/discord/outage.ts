/**
 * A database server that cannot be reached (PostgreSQL down, restarting, the network cut) fails
 * every interaction until it is back; the pool then reconnects by itself. The log says so once
 * per outage: its first failure with its code, then one line when the database answers again, with
 * how many interactions were refused meanwhile; not one error with a stack per click.
 */
import type { Logger } from '../logger.js';
import { queryErrorCode } from '../service/database-errors.js';

export class OutageLog {
  private refused = 0;

  constructor(private readonly logger: Logger) {}

  /** An interaction failed because the database could not be reached (nothing was changed). */
  unreachable(error: unknown, user: string): void {
    if (this.refused++ > 0) return;
    this.logger.error(
      { code: queryErrorCode(error), user },
      'the database cannot be reached: interactions are refused, nothing changed, until it answers again',
    );
  }

  /** An interaction reached the database: an outage, if there was one, is over. */
  reached(): void {
    if (this.refused === 0) return;
    this.logger.info({ refused: this.refused }, 'the database can be reached again');
    this.refused = 0;
  }
}

const logs = new WeakMap<Logger, OutageLog>();

/** The one outage log of a bot (its logger). */
export function outageLogOf(logger: Logger): OutageLog {
  let log = logs.get(logger);
  if (!log) logs.set(logger, (log = new OutageLog(logger)));
  return log;
}
