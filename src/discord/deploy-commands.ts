/**
 * Registers the slash commands: `npm run deploy-commands` puts them in DISCORD_DEV_GUILD_ID when
 * set (instant), otherwise globally (Discord may take up to an hour to show them everywhere).
 * `npm run deploy-commands -- --remove` takes them away again from the same place.
 * Runs as soon as it is loaded, from the sources or from the build in dist/ alike. Every outcome is
 * one line: what was done, or why it could not be.
 */
import { REST, Routes, type APIApplicationCommand } from 'discord.js';
import { ConfigError, loadConfig, restApi } from '../config.js';
import { presenters } from '../games/index.js';
import { errorLine } from '../service/database-errors.js';
import { buildCommands } from './commands.js';
import { discordFailure } from './discord-failure.js';

const REMOVE = '--remove';
const remove = process.argv.includes(REMOVE);
let target: ReturnType<typeof restApi> = null;

try {
  // Options only: a launcher may pass the script's name before them.
  const unknown = process.argv.slice(2).find((arg) => arg.startsWith('-') && arg !== REMOVE);
  if (unknown)
    throw new ConfigError(
      `Unknown option ${unknown}: npm run deploy-commands registers the slash commands, npm run deploy-commands -- ${REMOVE} removes them.`,
    );
  const config = loadConfig();
  // Through the bot's REST proxy when it has one, as the bot's own requests.
  target = restApi(config);
  if (!config.DISCORD_APPLICATION_ID)
    throw new ConfigError('DISCORD_APPLICATION_ID is not set: copy the Application ID from the General Information page of your application into .env.');
  const rest = new REST(target ? { api: target.api } : {}).setToken(config.DISCORD_TOKEN);
  const guild = config.DISCORD_DEV_GUILD_ID;
  const route = guild ? Routes.applicationGuildCommands(config.DISCORD_APPLICATION_ID, guild) : Routes.applicationCommands(config.DISCORD_APPLICATION_ID);
  if (remove) {
    const registered = (await rest.get(route)) as APIApplicationCommand[];
    await rest.put(route, { body: [] });
    const where = guild ? `from server ${guild}` : 'that were registered globally';
    console.log(
      registered.length === 0
        ? `No commands were registered ${guild ? `in server ${guild}` : 'globally'}; nothing to remove.`
        : `Removed ${registered.length} commands ${where}: ${registered.map((c) => `/${c.name}`).join(', ')}.`,
    );
  } else {
    const body = buildCommands(presenters);
    await rest.put(route, { body });
    console.log(`Registered ${body.length} commands ${guild ? `in server ${guild}` : 'globally'}.`);
  }
} catch (error) {
  // Never the error itself: a failed request carries the request, and a stack helps nobody here.
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Could not ${remove ? 'remove' : 'register'} the slash commands; ${discordFailure(error, target?.api, target?.setting) ?? errorLine(error)}.`,
  );
  process.exit(1);
}
