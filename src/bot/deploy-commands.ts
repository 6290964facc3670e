/**
 * Registers the slash commands: `npm run deploy-commands` puts them in DISCORD_DEV_GUILD_ID when
 * set (instant), otherwise globally (Discord may take up to an hour to show them everywhere).
 */
import { REST, Routes } from 'discord.js';
import { ConfigError, loadConfig } from '../config.js';
import { presenters } from '../games/index.js';
import { buildCommands } from './commands.js';

try {
  const config = loadConfig();
  if (!config.DISCORD_APPLICATION_ID) throw new ConfigError('DISCORD_APPLICATION_ID is not set: copy the Application ID from the General Information page of your application into .env.');
  const rest = new REST(config.DISCORD_API_BASE ? { api: config.DISCORD_API_BASE } : {}).setToken(config.DISCORD_TOKEN);
  const body = buildCommands(presenters);
  const route = config.DISCORD_DEV_GUILD_ID
    ? Routes.applicationGuildCommands(config.DISCORD_APPLICATION_ID, config.DISCORD_DEV_GUILD_ID)
    : Routes.applicationCommands(config.DISCORD_APPLICATION_ID);
  await rest.put(route, { body });
  console.log(`Registered ${body.length} commands ${config.DISCORD_DEV_GUILD_ID ? `in server ${config.DISCORD_DEV_GUILD_ID}` : 'globally'}.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
