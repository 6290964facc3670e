import { describe, expect, it } from 'vitest';
import { presenters } from '../../games/index.js';
import { buildCommands } from '../commands.js';

/**
 * What the bot tells Discord of its slash commands, as ./definitions.json holds it. A change to a
 * command's name, option, bound, choice or translation fails here. When the change is meant (a new
 * command, option or game), write the new definitions into the file with
 * `npx vitest run --project unit src/discord/commands/definitions.test.ts -u` and read the
 * difference before committing it.
 */
describe('the slash commands as Discord is told them', () => {
  it('are exactly the recorded definitions', async () => {
    await expect(`${JSON.stringify(buildCommands(presenters), null, 2)}\n`).toMatchFileSnapshot('./definitions.json');
  });
});
