/**
 * The baseline of the latency benchmark: the least a discord.js bot can do for a click. Same
 * client options as ours (Guilds intent, REST pointed at DISCORD_API_BASE), no database, no
 * rendering, no logging. `/bench` posts a message with two buttons; "update" answers by updating
 * that message (as our moves update the panel), "reply" with a new ephemeral message (as our
 * "Open my panel" does), so both callback types are compared like for like.
 *
 * Plain JavaScript, run by plain Node as our built bot is: neither pays for compiling TypeScript.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Client, Events, GatewayIntentBits, MessageFlags } from 'discord.js';

// The driver clicks the buttons by label ("Update", "Reply"), so nothing is shared with it.
const BENCH_UPDATE = 'bench:update';
const BENCH_REPLY = 'bench:reply';

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: process.env.DISCORD_API_BASE } });

client.once(Events.ClientReady, async (ready) => {
  await ready.application.commands.set([{ name: 'bench', description: 'Post a message with buttons to click' }], process.env.DISCORD_DEV_GUILD_ID ?? '');
});

client.on(Events.InteractionCreate, (interaction) => {
  // Answer at once, without awaiting anything else first: this is the floor we compare against.
  if (interaction.isChatInputCommand()) {
    const row = new ActionRowBuilder().addComponents(
      new ButtonBuilder().setCustomId(BENCH_UPDATE).setLabel('Update').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId(BENCH_REPLY).setLabel('Reply').setStyle(ButtonStyle.Secondary),
    );
    void interaction.reply({ content: 'bench', components: [row] });
  } else if (interaction.isButton()) {
    if (interaction.customId === BENCH_REPLY) void interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    else void interaction.update({ content: 'ok' });
  }
});

const stop = () => void client.destroy().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await client.login(process.env.DISCORD_TOKEN);
