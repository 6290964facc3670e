/**
 * Loaded before every e2e file (vitest.config.ts: setupFiles): a failing test ends its message with
 * the run's seed and how to play it again (seed.ts).
 */
import { beforeEach } from 'vitest';
import { E2E_SEED } from './seed.js';

beforeEach(({ onTestFailed }) =>
  onTestFailed(({ task }) => {
    for (const error of task.result?.errors ?? []) error.message += `\n(e2e seed ${E2E_SEED}: E2E_SEED=${E2E_SEED} plays this test's deals and picks again)`;
  }),
);
