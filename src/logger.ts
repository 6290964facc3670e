import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout. Anything that could hold the token is redacted by path, and
 * the token itself never gets passed to the logger.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['token', '*.token', 'headers.authorization', '*.headers.authorization'], censor: '[redacted]' },
  });
}
