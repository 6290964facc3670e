import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { warnIfNoCommands } from './command-check.js';

/** What the check logs for an application whose global commands are `found` (or whose fetch fails). */
async function logged(found: number | Error): Promise<{ level: number; msg: string }[]> {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  const fetch = () => (found instanceof Error ? Promise.reject(found) : Promise.resolve({ size: found }));
  await warnIfNoCommands({ commands: { fetch } }, logger);
  return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe('warnIfNoCommands', () => {
  it('says how to register the commands when none are registered, and nothing when they are', async () => {
    expect(await logged(0)).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^no slash commands are registered yet.*run npm run deploy-commands/) }),
    ]);
    expect(await logged(6)).toEqual([]);
  });

  it('says so when it cannot tell, without stopping anything', async () => {
    expect(await logged(new Error('503 Service Unavailable'))).toEqual([
      expect.objectContaining({ level: 40, msg: 'could not check whether the slash commands are registered' }),
    ]);
  });
});
