/**
 * A tiny discord.js bot (not the project's) and the table it sits at, for the tests that prove the
 * fake Discord's robustness features (server-faults.test.ts, server-moderation.test.ts): a
 * `/probe` command that reports what it received, a `/slow` reply and a `/defer`red one, and every
 * component click answered with what it carried.
 */
import {
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  PermissionFlagsBits,
  REST,
  Routes,
  SlashCommandBuilder,
  type Interaction,
} from 'discord.js';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from './server/index.js';

export const TOKEN = 'fake-bot-token';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const commands = [
  new SlashCommandBuilder()
    .setName('probe')
    .setDescription('Report what the bot received')
    .addIntegerOption((o) => o.setName('hours').setDescription('Hours').setRequired(true).setMinValue(1).setMaxValue(24))
    .addStringOption((o) => o.setName('name').setDescription('Name').setMaxLength(32))
    .addStringOption((o) => o.setName('mode').setDescription('Mode').addChoices({ name: 'Easy', value: 'easy' }, { name: 'Hard', value: 'hard' })),
  new SlashCommandBuilder().setName('slow').setDescription('Replies after 100 ms'),
  new SlashCommandBuilder().setName('defer').setDescription('Defers, then edits after 300 ms'),
].map((c) => c.toJSON());

/** Errors the tiny bot got from Discord while answering (emptied after each test). */
export const botErrors: DiscordAPIError[] = [];

async function answer(interaction: Interaction): Promise<void> {
  const collect = (error: unknown) => {
    if (error instanceof DiscordAPIError) botErrors.push(error);
    else throw error;
  };
  if (interaction.isChatInputCommand() && interaction.commandName === 'probe') {
    const report = {
      guild: interaction.guildId,
      hours: interaction.options.getInteger('hours'),
      nameLength: interaction.options.getString('name')?.length ?? null,
      mode: interaction.options.getString('mode'),
      canSend: interaction.appPermissions.has(PermissionFlagsBits.SendMessages),
    };
    await interaction.reply({ content: JSON.stringify(report), flags: MessageFlags.Ephemeral });
  } else if (interaction.isChatInputCommand() && interaction.commandName === 'slow') {
    await sleep(100);
    await interaction.reply('late').catch(collect);
  } else if (interaction.isChatInputCommand() && interaction.commandName === 'defer') {
    await interaction.deferReply();
    await sleep(300);
    await interaction.editReply('done').catch(collect);
  } else if (interaction.isMessageComponent()) {
    const values = interaction.isAnySelectMenu() ? interaction.values : null;
    const report = { customId: interaction.customId, type: interaction.componentType, values, guild: interaction.guildId };
    await interaction.reply({ content: JSON.stringify(report), flags: MessageFlags.Ephemeral });
  }
}

async function startClient(discord: FakeDiscord): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiBase } });
  client.on(Events.InteractionCreate, (interaction) => {
    answer(interaction).catch((error: unknown) => console.error('tiny bot failed:', error));
  });
  const ready = once(client, Events.ClientReady);
  await client.login(TOKEN);
  await ready;
  return client;
}

/** The rejection of a promise (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** The fake Discord, the tiny bot's client and a REST client with its token, set up once per file. */
export interface TinyBotTable {
  discord: FakeDiscord;
  client: Client;
  rest: REST;
  /** Clients a test starts of its own, destroyed after it. */
  extraClients: Client[];
}

/**
 * Sets the table up before a file's tests (two guilds, Home and Other, the commands registered
 * globally) and clears the faults, the bot's errors and the extra clients after each test.
 */
export function tinyBotTable(): TinyBotTable {
  const table = { extraClients: [] as Client[] } as TinyBotTable;
  beforeAll(async () => {
    table.discord = await startFakeDiscord({
      botToken: TOKEN,
      defaultTimeoutMs: 5000,
      guilds: [{ name: 'Home' }, { name: 'Other', channels: ['lobby'] }],
    });
    table.client = await startClient(table.discord);
    await table.discord.waitForBotReady();
    table.rest = new REST({ api: table.discord.apiBase }).setToken(TOKEN);
    await table.rest.put(Routes.applicationCommands(table.discord.applicationId), { body: commands });
  });

  afterEach(async () => {
    table.discord.clearFaults();
    botErrors.length = 0;
    await Promise.all(table.extraClients.splice(0).map((c) => c.destroy()));
  });

  afterAll(async () => {
    await table.client.destroy();
    await table.discord.stop();
  });
  return table;
}
