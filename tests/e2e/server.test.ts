/**
 * Proves the fake Discord in tests/e2e/server works with the real discord.js client: a tiny bot
 * (not the project's bot) connects through `rest.api`, registers a guild command and answers
 * slash commands, buttons, selects and autocomplete while simulated users drive it.
 */
import { createCanvas } from 'canvas';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  PermissionFlagsBits,
  REST,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type Interaction,
} from 'discord.js';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, isPng, messageText, pngSize, selectsOf, startFakeDiscord, type FakeDiscord } from './server/index.js';

const TOKEN = 'fake-bot-token';

const demoCommand = new SlashCommandBuilder()
  .setName('demo')
  .setDescription('Exercise the fake Discord')
  .addSubcommand((s) => s.setName('hello').setDescription('Ephemeral hello'))
  .addSubcommand((s) =>
    s
      .setName('picture')
      .setDescription('Deferred reply with a PNG')
      .addIntegerOption((o) => o.setName('size').setDescription('Pixels').setRequired(true).setMinValue(8).setMaxValue(256)),
  )
  .addSubcommand((s) => s.setName('post').setDescription('Post a board with a button, a select and a thread'))
  .addSubcommand((s) =>
    s
      .setName('pick')
      .setDescription('Pick a game')
      .addStringOption((o) => o.setName('game').setDescription('Game').setRequired(true).setAutocomplete(true)),
  );

const GAMES = ['cartagena', 'carcassonne', 'catan', 'azul'];

function boardComponents(count: number) {
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(`demo:bump:${count}`).setLabel(`Bump (${count})`).setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId('demo:noop').setLabel('Disabled').setStyle(ButtonStyle.Secondary).setDisabled(true),
      new ButtonBuilder().setCustomId('demo:slow').setLabel('Slow').setStyle(ButtonStyle.Secondary),
    ),
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId('demo:color')
        .setPlaceholder('Colour')
        .addOptions({ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }),
    ),
  ];
}

function png(size: number): Buffer {
  const canvas = createCanvas(size, size);
  const g = canvas.getContext('2d');
  g.fillStyle = '#c0392b';
  g.fillRect(0, 0, size, size);
  return canvas.toBuffer('image/png');
}

/** The tiny bot: `name` shows up in its answers so tests can tell two bot instances apart. */
async function handle(interaction: Interaction, name: string): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = interaction.options.getFocused().toLowerCase();
    await interaction.respond(GAMES.filter((g) => g.startsWith(typed)).map((g) => ({ name: g, value: g })));
    return;
  }
  if (interaction.isChatInputCommand()) {
    const sub = interaction.options.getSubcommand();
    if (sub === 'hello') {
      await interaction.reply({ content: `Hello ${interaction.user.username} (${interaction.locale})`, flags: MessageFlags.Ephemeral });
    } else if (sub === 'picture') {
      await interaction.deferReply();
      const size = interaction.options.getInteger('size', true);
      await new Promise((resolve) => setTimeout(resolve, 200)); // "rendering"
      await interaction.editReply({
        content: 'Your picture',
        files: [new AttachmentBuilder(png(size), { name: 'board.png', description: `A grey square of ${size} px` })],
      });
    } else if (sub === 'post') {
      const channel = interaction.channel;
      if (!channel?.isSendable() || channel.isThread() || channel.isDMBased()) throw new Error('expected a guild text channel');
      const board = await channel.send({
        content: 'Board 0',
        components: boardComponents(0),
        files: [new AttachmentBuilder(png(32), { name: 'board.png', description: 'x'.repeat(1024) })],
      });
      const thread = await board.startThread({ name: 'Demo game' });
      await thread.send('Welcome to the thread');
      await thread.members.add(interaction.user.id);
      await interaction.reply({ content: `Posted ${board.id}`, flags: MessageFlags.Ephemeral });
    } else if (sub === 'pick') {
      const { resource } = await interaction.reply({
        content: `Picked ${interaction.options.getString('game', true)}`,
        files: [new AttachmentBuilder(png(16), { name: 'game.png' })],
        withResponse: true,
      });
      await interaction.followUp({ content: `Reply id ${resource?.message?.id}`, flags: MessageFlags.Ephemeral });
    }
    return;
  }
  if (interaction.isButton() && interaction.customId.startsWith('demo:bump:')) {
    const next = Number(interaction.customId.split(':')[2]) + 1;
    await interaction.update({ content: `Board ${next} by ${name}`, components: boardComponents(next) });
    return;
  }
  if (interaction.isButton() && interaction.customId === 'demo:slow') {
    await interaction.deferUpdate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await interaction.editReply({ content: `${interaction.message.content} (slow)` });
    return;
  }
  if (interaction.isStringSelectMenu() && interaction.customId === 'demo:color') {
    await interaction.reply({ content: `${interaction.user.username} picked ${interaction.values.join(',')}`, flags: MessageFlags.Ephemeral });
  }
}

async function startTinyBot(discord: FakeDiscord, name: string): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiBase } });
  client.on(Events.InteractionCreate, (interaction) => {
    handle(interaction, name).catch((error: unknown) => console.error(`tiny bot ${name} failed:`, error));
  });
  const ready = once(client, Events.ClientReady);
  await client.login(TOKEN);
  await ready;
  return client;
}

describe('fake Discord server with a real discord.js client', () => {
  let discord: FakeDiscord;
  const clients: Client[] = [];

  beforeAll(async () => {
    discord = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000 });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.destroy()));
  });

  afterAll(async () => {
    await discord.stop();
  });

  it('handles commands, deferrals, attachments, components, threads and autocomplete', async () => {
    const client = await startTinyBot(discord, 'first');
    clients.push(client);
    await discord.waitForBotReady();
    expect(client.guilds.cache.get(discord.guild.id)?.name).toBe('Test Server');

    // Register the guild command through a standalone REST client, as a deploy script would.
    const rest = new REST({ api: discord.apiBase }).setToken(TOKEN);
    await rest.put(Routes.applicationGuildCommands(discord.applicationId, discord.guild.id), { body: [demoCommand.toJSON()] });
    const [registered] = await discord.waitForCommands(['demo']);
    expect(registered?.options?.map((o) => o.name)).toEqual(['hello', 'picture', 'post', 'pick']);

    const alice = discord.user('alice');
    const bob = discord.user('bob', { locale: 'nl', manageGuild: true });
    expect(bob.permissions & PermissionFlagsBits.ManageGuild).toBe(PermissionFlagsBits.ManageGuild);
    expect(alice.permissions & PermissionFlagsBits.ManageGuild).toBe(0n);

    // Ephemeral reply.
    const hello = await bob.slash('demo', { subcommand: 'hello' });
    expect(hello.callbackType).toBe(4);
    expect(hello.ackMs).toBeLessThan(3000);
    expect(hello.ephemeral).toBe(true);
    expect(hello.content).toBe('Hello bob (nl)');
    expect(discord.visibleTo(bob).map((m) => m.content)).toContain('Hello bob (nl)');
    expect(discord.messages(discord.defaultChannel).some((m) => m.content.startsWith('Hello'))).toBe(false);

    // Deferred reply filled in with a PNG attachment.
    const picture = await alice.slash('demo', { subcommand: 'picture', options: { size: 64 } });
    expect(picture.callbackType).toBe(5);
    expect(picture.message?.loading).toBe(false);
    expect(picture.message?.edits).toHaveLength(1); // the "thinking..." state
    const [attachment] = picture.message?.attachments ?? [];
    expect(attachment?.filename).toBe('board.png');
    expect(attachment?.description).toBe('A grey square of 64 px'); // its alt text
    expect(isPng(attachment?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(pngSize(attachment?.bytes ?? Buffer.alloc(0))).toEqual({ width: 64, height: 64 });
    const served = await fetch(attachment?.url ?? '');
    expect(Buffer.from(await served.arrayBuffer()).equals(attachment?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(picture.message?.interaction).toMatchObject({ userId: alice.id, commandName: 'demo picture', role: 'response' });

    // Invalid invocations fail in the test, like the Discord client would refuse them.
    await expect(alice.slash('demo', { subcommand: 'picture', options: { size: 2 } })).rejects.toThrow(/below 8/);
    await expect(alice.slash('nope')).rejects.toThrow(/registered: \/demo/);

    // A channel message with components, a thread from it, a post in the thread.
    const post = await alice.slash('demo', { subcommand: 'post' });
    const boardId = /Posted (\d+)/.exec(post.content)?.[1] ?? '';
    const board = discord.message(boardId);
    expect(messageText(board)).toBe('Board 0');
    expect(board.ephemeral).toBe(false);
    expect(buttonsOf(board).map((b) => [b.customId, b.label, b.disabled])).toEqual([
      ['demo:bump:0', 'Bump (0)', false],
      ['demo:noop', 'Disabled', true],
      ['demo:slow', 'Slow', false],
    ]);
    expect(board.attachments.map((a) => [a.filename, a.width, a.description?.length])).toEqual([['board.png', 32, 1024]]);
    expect(selectsOf(board)[0]?.options.map((o) => o.value)).toEqual(['red', 'blue']);
    const thread = await discord.waitForThread((t) => t.name === 'Demo game');
    expect(thread.id).toBe(board.id); // threads started from a message share its id
    expect(thread.type).toBe(11);
    expect(thread.parentId).toBe(discord.defaultChannel.id);
    expect(thread.thread?.memberIds.has(alice.id)).toBe(true);
    expect(discord.messages(thread).map((m) => m.content)).toEqual(['Welcome to the thread']);
    expect(client.channels.cache.get(thread.id)?.isThread()).toBe(true);

    // Button answered with an update (type 7): the message is edited in place, history kept.
    const bumped = await alice.click(board, { prefix: 'demo:bump:' });
    expect(bumped.callbackType).toBe(7);
    expect(bumped.message?.id).toBe(board.id);
    expect(board.content).toBe('Board 1 by first');
    expect(board.edits.map((e) => e.content)).toEqual(['Board 0']);
    expect(board.attachments).toHaveLength(1); // an update without files keeps the attachment
    await expect(alice.click(board, 'Disabled')).rejects.toThrow(/disabled/);

    // Deferred update (type 6) followed by an edit of the message.
    const slow = await alice.click(board, { label: 'Slow' });
    expect(slow.callbackType).toBe(6);
    expect(board.content).toBe('Board 1 by first (slow)');

    // Select answered with an ephemeral reply.
    const picked = await bob.select(board, 'demo:color', ['blue']);
    expect(picked.ephemeral).toBe(true);
    expect(picked.content).toBe('bob picked blue');
    expect(alice.messages().some((m) => m.content === 'bob picked blue')).toBe(false);

    // Autocomplete and the command that uses it.
    const suggestions = await alice.autocomplete('demo', { subcommand: 'pick', options: { game: 'ca' }, focused: 'game' });
    expect(suggestions.choices?.map((c) => c.value)).toEqual(['cartagena', 'carcassonne', 'catan']);
    const pick = await alice.slash('demo', { subcommand: 'pick', options: { game: 'azul' } });
    expect(discord.messages().at(-1)?.id).toBe(pick.message?.id);
    expect(pick.message?.attachments[0]?.filename).toBe('game.png');
    const followUp = await discord.waitForMessage((m) => m.content.startsWith('Reply id'));
    expect(followUp.content).toBe(`Reply id ${pick.message?.id}`); // with_response returned the message
    expect(followUp.ephemeral).toBe(true);
    expect(pick.followUps).toEqual([followUp]);

    discord.assertInteractionsHealthy();
    expect(discord.unhandledRoutes).toEqual([]);
  });

  it("refuses an image description (alt text) longer than Discord's 1,024 characters, as Discord does", async () => {
    const rest = new REST({ api: discord.apiBase }).setToken(TOKEN);
    const send = (description: string) =>
      rest.post(Routes.channelMessages(discord.defaultChannel.id), {
        body: { content: 'A board', attachments: [{ id: 0, filename: 'board.png', description }] },
        files: [{ name: 'board.png', data: png(8) }],
      });
    await expect(send('y'.repeat(1025))).rejects.toMatchObject({
      status: 400,
      code: 50035,
      rawError: { errors: { attachments: { 0: { description: expect.anything() } } } },
    });
    const sent = (await send('y'.repeat(1024))) as { id: string };
    expect(discord.message(sent.id).attachments[0]?.description).toBe('y'.repeat(1024));
  });

  it("enforces Discord's interaction rules", async () => {
    // discord.js refuses a second reply by itself, so the bot talks raw REST to reach the server.
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiBase } });
    clients.push(client);
    const errors: DiscordAPIError[] = [];
    const collect = (error: unknown) => {
      if (error instanceof DiscordAPIError) errors.push(error);
      else throw error;
    };
    client.on(
      Events.InteractionCreate,
      (interaction) =>
        void (async () => {
          if (!interaction.isChatInputCommand()) return;
          const followUp = Routes.webhook(interaction.applicationId, interaction.token);
          await client.rest.post(followUp, { body: { content: 'too early' }, auth: false }).catch(collect);
          await interaction.reply('first');
          const callback = Routes.interactionCallback(interaction.id, interaction.token);
          await client.rest.post(callback, { body: { type: 4, data: { content: 'second' } }, auth: false }).catch(collect);
        })(),
    );
    const before = discord.botStatus.identifyCount;
    await client.login(TOKEN);
    await discord.waitForBotReady({ afterIdentifyCount: before });

    const carol = discord.user('carol');
    const res = await carol.slash('demo', { subcommand: 'hello' });
    expect(res.content).toBe('first');
    await discord.waitFor(() => errors.length === 2, { what: 'both refused requests' });
    expect(errors.map((e) => e.code)).toEqual([10015, 40060]);

    // Routes the server does not know answer 404 and are reported.
    await expect(client.rest.get('/guilds/1/no-such-route')).rejects.toMatchObject({ status: 404 });
    expect(discord.unhandledRoutes).toEqual(['GET /guilds/1/no-such-route']);
    expect(
      discord
        .interactionProblems()
        .filter((p) => p.interactionId === res.id)
        .map((p) => p.kind),
    ).toEqual(['rejected-request', 'rejected-request']);

    // Late answers and expired tokens, on a server with short limits.
    const strict = await startFakeDiscord({ botToken: TOKEN, ackDeadlineMs: 100, interactionTokenTtlMs: 300 });
    try {
      const slow = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: strict.apiBase } });
      clients.push(slow);
      const slowErrors: DiscordAPIError[] = [];
      slow.on(
        Events.InteractionCreate,
        (interaction) =>
          void (async () => {
            if (!interaction.isChatInputCommand()) return;
            await new Promise((resolve) => setTimeout(resolve, 150));
            await interaction.deferReply();
            await new Promise((resolve) => setTimeout(resolve, 400));
            await interaction.editReply('too late').catch((error: unknown) => {
              if (error instanceof DiscordAPIError) slowErrors.push(error);
            });
          })(),
      );
      await slow.login(TOKEN);
      await strict.waitForBotReady();
      await new REST({ api: strict.apiBase })
        .setToken(TOKEN)
        .put(Routes.applicationGuildCommands(strict.applicationId, strict.guild.id), { body: [demoCommand.toJSON()] });

      const dave = strict.user('dave');
      await expect(dave.slash('demo', { subcommand: 'hello', timeoutMs: 1500 })).rejects.toThrow(/fill in its deferred reply/);
      expect(slowErrors.map((e) => e.code)).toEqual([50027]);
      expect(
        strict
          .interactionProblems()
          .map((p) => p.kind)
          .sort(),
      ).toEqual(['deferred-never-completed', 'late', 'rejected-request']);
    } finally {
      await strict.stop();
    }
  });

  it('delivers a click on an old message to a new bot connection after a restart', async () => {
    const first = await startTinyBot(discord, 'first');
    const identified = discord.botStatus.identifyCount;
    const alice = discord.user('alice');
    const post = await alice.slash('demo', { subcommand: 'post' });
    const board = discord.message(/Posted (\d+)/.exec(post.content)?.[1] ?? '');

    // The bot goes away...
    await first.destroy();
    await discord.waitForBotDisconnect();
    await expect(alice.click(board, { prefix: 'demo:bump:' })).rejects.toThrow(/no bot is connected/);

    // ...and a new process logs in: the stored message and its buttons are still there.
    const second = await startTinyBot(discord, 'second');
    clients.push(second);
    await discord.waitForBotReady({ afterIdentifyCount: identified });
    expect(second.channels.cache.has(board.id)).toBe(true); // the thread came back in GUILD_CREATE

    const result = await alice.click(board, { prefix: 'demo:bump:' });
    expect(result.callbackType).toBe(7);
    expect(board.content).toBe('Board 1 by second');
    expect(result.interaction.payload).toMatchObject({ type: 3, message: { id: board.id } });

    // A dropped connection is resumed (same session, no new IDENTIFY).
    discord.disconnectBot();
    await discord.waitForBotDisconnect();
    await discord.waitForBotReady();
    expect(discord.botStatus).toMatchObject({ identifyCount: identified + 1, resumeCount: 1 });
    await alice.click(board, { prefix: 'demo:bump:' });
    expect(board.content).toBe('Board 2 by second');
  });
});
