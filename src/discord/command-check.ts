import type { Logger } from '../logger.js';

/** What the check needs of discord.js's ClientApplication: its global commands. */
export interface CommandsOwner {
  commands: { fetch(): Promise<{ size: number }> };
}

/**
 * A bot whose commands were never registered (globally) answers nobody: it says how to register
 * them, once at start, rather than leave a new admin wondering why no command shows up.
 */
export async function warnIfNoCommands(application: CommandsOwner, logger: Logger): Promise<void> {
  try {
    const registered = await application.commands.fetch();
    if (registered.size === 0)
      logger.warn(
        'no slash commands are registered yet, so nobody can use the bot: run npm run deploy-commands once (Discord may take up to an hour to show them everywhere)',
      );
  } catch (error) {
    logger.warn({ err: error }, 'could not check whether the slash commands are registered');
  }
}
