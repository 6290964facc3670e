/**
 * Proves the fake Discord's robustness features with a raw discord.js client and `REST` (not the
 * project's bot): injected REST faults and how @discordjs/rest reacts to them, the bot's channel
 * permissions, moderators deleting/locking/archiving, a revoked token, forged interactions, a
 * second guild and interactions expired early.
 */
import {
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  HTTPError,
  MessageFlags,
  PermissionFlagsBits,
  REST,
  Routes,
  SlashCommandBuilder,
  type Interaction,
} from 'discord.js';
import { once } from 'node:events';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InteractionFailedError, startFakeDiscord, type FakeDiscord } from './server/index.js';

const TOKEN = 'fake-bot-token';
const MESSAGES = '/channels/:channel/messages';
const CALLBACK = '/interactions/:interaction/:token/callback';
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

/** Errors the tiny bot got from Discord while answering. */
const botErrors: DiscordAPIError[] = [];

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
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('fake Discord robustness features', () => {
  let discord: FakeDiscord;
  let client: Client;
  let rest: REST;
  const extraClients: Client[] = [];

  beforeAll(async () => {
    discord = await startFakeDiscord({
      botToken: TOKEN,
      defaultTimeoutMs: 5000,
      guilds: [{ name: 'Home' }, { name: 'Other', channels: ['lobby'] }],
    });
    client = await startClient(discord);
    await discord.waitForBotReady();
    rest = new REST({ api: discord.apiBase }).setToken(TOKEN);
    await rest.put(Routes.applicationCommands(discord.applicationId), { body: commands });
  });

  afterEach(async () => {
    discord.clearFaults();
    botErrors.length = 0;
    await Promise.all(extraClients.splice(0).map((c) => c.destroy()));
  });

  afterAll(async () => {
    await client.destroy();
    await discord.stop();
  });

  it('injects REST faults shaped like Discord and discord.js retries them as documented', async () => {
    const channelId = discord.defaultChannel.id;
    expect(() => discord.failNext({ route: '/channels/:id/messages', status: 500 })).toThrow(/no route/);

    // The raw answers, as Discord sends them.
    const url = `${discord.apiBase}/v10/channels/${channelId}/messages`;
    const headers = { Authorization: `Bot ${TOKEN}`, 'Content-Type': 'application/json' };
    discord.failNext({ route: MESSAGES, method: 'POST', status: 429, retryAfterMs: 1500, global: true });
    const limited = await fetch(url, { method: 'POST', headers, body: '{"content":"x"}' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: 1.5, global: true });
    expect(Object.fromEntries([...limited.headers].filter(([k]) => k.startsWith('x-ratelimit') || k === 'retry-after'))).toMatchObject({
      'retry-after': '2',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': '1.500',
      'x-ratelimit-scope': 'global',
      'x-ratelimit-global': 'true',
    });
    discord.failNext({ route: MESSAGES, status: 502 });
    const bad = await fetch(url, { headers });
    expect([bad.status, await bad.json()]).toEqual([502, { message: '502: Bad Gateway', code: 0 }]);

    // 429: @discordjs/rest waits (here for X-RateLimit-Reset-After plus its 50 ms offset, twice) and retries.
    const once429 = discord.failNext({ route: MESSAGES, method: 'POST', status: 429, retryAfterMs: 1000 });
    const started = Date.now();
    await rest.post(Routes.channelMessages(channelId), { body: { content: 'after a 429' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect([once429.hits, once429.remaining]).toEqual([1, 0]);
    expect(discord.messages().at(-1)?.content).toBe('after a 429');
    expect(discord.restLog.slice(-2).map((e) => [e.status, e.injected ?? false])).toEqual([[429, true], [200, false]]);

    // 5xx: retried at once, 3 times (options.retries), so each call makes 4 attempts, then HTTPError.
    const outage = discord.failNext({ route: '/channels/:channel', method: 'GET', status: 500, count: 8 });
    const first = await rejection(rest.get(Routes.channel(channelId)));
    expect(first).toBeInstanceOf(HTTPError);
    expect(first).toMatchObject({ status: 500, method: 'GET', message: 'Internal Server Error' });
    expect(outage.hits).toBe(4);
    expect(await rejection(rest.get(Routes.channel(channelId)))).toBeInstanceOf(HTTPError);
    expect([outage.hits, outage.remaining]).toEqual([8, 0]);
    // The 9th request (the third call) goes through.
    expect(await rest.get(Routes.channel(channelId))).toMatchObject({ id: channelId });

    // 4xx: no retry; DiscordAPIError with the status, Discord's code, the URL and the request body.
    discord.failNext({ route: MESSAGES, method: 'POST', status: 404, code: 10003, count: 1 });
    const gone = await rejection(rest.post(Routes.channelMessages(channelId), { body: { content: 'lost' } }));
    expect(gone).toBeInstanceOf(DiscordAPIError);
    expect(gone).toMatchObject({
      status: 404,
      code: 10003,
      message: 'Unknown Channel',
      method: 'POST',
      url: `${discord.apiBase}/v10/channels/${channelId}/messages`,
      requestBody: { json: { content: 'lost' } },
    });

    // `when` picks the calls that fail; `cancel` stops a fault.
    const picky = discord.failNext({ route: MESSAGES, status: 403, count: Infinity, when: (req) => (req.body as { content?: string })?.content === 'secret' });
    await rest.post(Routes.channelMessages(channelId), { body: { content: 'public' } });
    await expect(rest.post(Routes.channelMessages(channelId), { body: { content: 'secret' } })).rejects.toMatchObject({ status: 403, code: 50013 });
    picky.cancel();
    await rest.post(Routes.channelMessages(channelId), { body: { content: 'secret' } });
    expect(picky.hits).toBe(1);

    // On an interaction callback (a "burst" bucket) discord.js waits for Retry-After, which is in
    // whole seconds: a 200 ms rate limit costs more than a second of the 3 s to answer.
    discord.failNext({ route: CALLBACK, status: 429, retryAfterMs: 200 });
    const alice = discord.user('alice');
    const probe = await alice.slash('probe', { options: { hours: 2 } });
    expect(probe.ackMs).toBeGreaterThanOrEqual(1000);
    expect(JSON.parse(probe.content)).toMatchObject({ hours: 2 });

    // A refused callback fails the user's action at once, without the usual timeout.
    discord.failNext({ route: CALLBACK, status: 404, code: 10062 });
    await expect(alice.slash('probe', { options: { hours: 3 } })).rejects.toThrow(InteractionFailedError);
    expect(discord.interactionProblems().filter((p) => p.kind === 'rejected-request')).toEqual([]); // injected ones are not problems
  });

  it("enforces the bot's channel permissions and reports them in app_permissions", async () => {
    const channel = discord.channel('games');
    const guild = client.guilds.cache.get(discord.guild.id);
    const board = (await rest.post(Routes.channelMessages(channel.id), { body: { content: 'board' } })) as { id: string };
    const thread = (await rest.post(Routes.threads(channel.id, board.id), { body: { name: 'Game 1' } })) as { id: string };

    // No ViewChannel: 403 50001 for everything, and discord.js's cache knows.
    discord.denyBot(channel.id, 'ViewChannel');
    await discord.waitFor(() => guild?.members.me?.permissionsIn(channel.id).has(PermissionFlagsBits.ViewChannel) === false, {
      what: 'CHANNEL_UPDATE with the overwrite',
    });
    const cached = client.channels.cache.get(channel.id);
    const overwrite = cached?.isTextBased() && !cached.isDMBased() && !cached.isThread() ? cached.permissionOverwrites.cache.get(discord.botUser.id) : undefined;
    expect(overwrite?.deny.has(PermissionFlagsBits.ViewChannel)).toBe(true);
    const missingAccess = { status: 403, code: 50001, message: 'Missing Access' };
    await expect(rest.get(Routes.channel(channel.id))).rejects.toMatchObject(missingAccess);
    await expect(rest.get(Routes.channelMessage(channel.id, board.id))).rejects.toMatchObject(missingAccess);
    await expect(rest.post(Routes.channelMessages(channel.id), { body: { content: 'x' } })).rejects.toMatchObject(missingAccess);
    await expect(rest.patch(Routes.channelMessage(channel.id, board.id), { body: { content: 'y' } })).rejects.toMatchObject(missingAccess);
    await expect(rest.post(Routes.channelMessages(thread.id), { body: { content: 'x' } })).rejects.toMatchObject(missingAccess);
    expect(() => discord.denyBot(thread.id, 'SendMessages')).toThrow(/use their parent's/);

    // SendMessages governs the channel, SendMessagesInThreads its threads.
    discord.resetBotPermissions(channel.id);
    discord.denyBot(channel.id, 'SendMessages');
    const missingPermissions = { status: 403, code: 50013, message: 'Missing Permissions' };
    await expect(rest.post(Routes.channelMessages(channel.id), { body: { content: 'x' } })).rejects.toMatchObject(missingPermissions);
    await rest.post(Routes.channelMessages(thread.id), { body: { content: 'in the thread' } });
    await expect(rest.post(Routes.threads(channel.id), { body: { name: 'Side', type: 11 } })).resolves.toBeDefined();
    discord.denyBot(channel.id, ['SendMessagesInThreads', 'CreatePublicThreads']);
    await expect(rest.post(Routes.channelMessages(thread.id), { body: { content: 'x' } })).rejects.toMatchObject(missingPermissions);
    await expect(rest.post(Routes.threads(channel.id), { body: { name: 'Side', type: 11 } })).rejects.toMatchObject(missingPermissions);

    // app_permissions is the bot's permission in the channel, overwrites included.
    const alice = discord.user('alice');
    const probe = await alice.slash('probe', { channelId: channel.id, options: { hours: 1 } });
    expect(JSON.parse(probe.content)).toMatchObject({ canSend: false });
    expect(probe.interaction.payload.app_permissions).toBe(discord.botPermissionsIn(channel.id).toString());
    discord.allowBot(channel.id, ['SendMessages', 'SendMessagesInThreads']);
    expect(JSON.parse((await alice.slash('probe', { channelId: channel.id, options: { hours: 1 } })).content)).toMatchObject({ canSend: true });

    // Files need AttachFiles; embeds without EmbedLinks are dropped silently.
    discord.denyBot(channel.id, ['AttachFiles', 'EmbedLinks']);
    const files = [{ name: 'board.png', data: Buffer.from('png') }];
    await expect(rest.post(Routes.channelMessages(channel.id), { body: { content: 'file' }, files })).rejects.toMatchObject(missingPermissions);
    const embedded = (await rest.post(Routes.channelMessages(channel.id), { body: { content: 'embed', embeds: [{ title: 'T' }] } })) as { id: string; embeds: unknown[] };
    expect(embedded.embeds).toEqual([]);
    discord.allowBot(channel.id, 'AttachFiles');
    await rest.post(Routes.channelMessages(channel.id), { body: { content: 'file' }, files });

    // Private threads need CreatePrivateThreads.
    discord.denyBot(channel.id, 'CreatePrivateThreads');
    await expect(rest.post(Routes.threads(channel.id), { body: { name: 'Secret', type: 12 } })).rejects.toMatchObject(missingPermissions);

    // A locked thread takes posts only from those with ManageThreads (the bot's role has it).
    discord.resetBotPermissions(channel.id);
    discord.lockThread(thread.id);
    await rest.post(Routes.channelMessages(thread.id), { body: { content: 'moderator post' } });
    discord.denyBot(channel.id, 'ManageThreads');
    await expect(rest.post(Routes.channelMessages(thread.id), { body: { content: 'x' } })).rejects.toMatchObject({ status: 400, code: 160005 });
    discord.resetBotPermissions(channel.id);
    expect(discord.botPermissionsIn(channel.id) & PermissionFlagsBits.ViewChannel).toBe(PermissionFlagsBits.ViewChannel);
  });

  it('lets moderators delete, lock and archive channels and threads', async () => {
    const threadDeletes: string[] = [];
    const channelDeletes: string[] = [];
    client.on(Events.ThreadDelete, (t) => threadDeletes.push(t.id));
    client.on(Events.ChannelDelete, (c) => channelDeletes.push(c.id));
    const general = discord.defaultChannel;
    const board = (await rest.post(Routes.channelMessages(general.id), { body: { content: 'board' } })) as { id: string };
    const thread = (await rest.post(Routes.threads(general.id, board.id), { body: { name: 'Doomed' } })) as { id: string };
    await rest.post(Routes.channelMessages(thread.id), { body: { content: 'hello' } });

    discord.lockThread(thread.id);
    await discord.waitFor(() => client.channels.cache.get(thread.id)?.isThread() && (client.channels.cache.get(thread.id) as { locked: boolean }).locked, {
      what: 'THREAD_UPDATE (locked)',
    });
    discord.archiveThread(thread.id);
    await discord.waitFor(() => (client.channels.cache.get(thread.id) as { archived?: boolean } | undefined)?.archived, { what: 'THREAD_UPDATE (archived)' });

    discord.deleteChannel(thread.id);
    await discord.waitFor(() => threadDeletes.includes(thread.id), { what: 'THREAD_DELETE' });
    await expect(rest.post(Routes.channelMessages(thread.id), { body: { content: 'x' } })).rejects.toMatchObject({ status: 404, code: 10003 });
    expect(discord.messages(thread.id)).toEqual([]);
    expect(discord.allMessages(thread.id).map((m) => [m.content, m.deletedAt !== null])).toEqual([['hello', true]]);
    expect(() => discord.channel(thread.id)).toThrow(/was deleted/);
    expect((await rest.get(Routes.channelMessage(general.id, board.id))) as object).not.toHaveProperty('thread');

    // A deleted text channel takes its threads along, with CHANNEL_DELETE only (as on Discord).
    const games = discord.channel('games');
    const post = (await rest.post(Routes.channelMessages(games.id), { body: { content: 'board' } })) as { id: string };
    const inner = (await rest.post(Routes.threads(games.id, post.id), { body: { name: 'Inner' } })) as { id: string };
    await discord.waitFor(() => client.channels.cache.has(inner.id), { what: 'THREAD_CREATE' });
    discord.deleteChannel(games.id);
    await discord.waitFor(() => channelDeletes.includes(games.id), { what: 'CHANNEL_DELETE' });
    expect(threadDeletes).not.toContain(inner.id);
    expect(client.channels.cache.has(inner.id)).toBe(false); // discord.js drops the threads itself
    await expect(rest.get(Routes.channel(inner.id))).rejects.toMatchObject({ status: 404, code: 10003 });
    await expect(rest.get(Routes.channelMessages(games.id))).rejects.toMatchObject({ status: 404, code: 10003 });
    expect(discord.threads().map((t) => t.id)).not.toContain(inner.id);
  });

  it('sends forged components and unchecked options, in either guild', async () => {
    const [home, other] = discord.guilds();
    const lobby = discord.channels(other?.id)[0];
    const alice = discord.user('alice');

    // The Discord client checks min/max, length, choices and required options; a forger does not.
    await expect(alice.slash('probe', { options: { hours: -48 } })).rejects.toThrow(/below 1/);
    const forged = await alice.slash('probe', {
      options: { hours: -48, name: 'x'.repeat(5000), mode: 'evil' },
      unchecked: true,
    });
    expect(JSON.parse(forged.content)).toMatchObject({ guild: home?.id, hours: -48, nameLength: 5000, mode: 'evil' });
    expect(JSON.parse((await alice.slash('probe', { unchecked: true })).content)).toMatchObject({ hours: null });
    await expect(alice.slash('probe', { options: { hours: 'many' }, unchecked: true })).rejects.toThrow(/expects an integer/);

    // Any custom id on any message the user sees, in the message's guild.
    const notice = (await rest.post(Routes.channelMessages(lobby?.id ?? ''), { body: { content: 'no buttons here' } })) as { id: string };
    const click = await alice.forgeComponent(notice.id, { customId: 'admin:nuke' });
    expect(JSON.parse(click.content)).toEqual({ customId: 'admin:nuke', type: 2, values: null, guild: other?.id });
    const pick = await alice.forgeComponent(notice.id, { customId: 'game:move', values: ['999'] });
    expect(JSON.parse(pick.content)).toMatchObject({ customId: 'game:move', type: 3, values: ['999'] });

    // Own ephemeral messages are fair game; other people's are invisible.
    const own = click.message;
    if (!own) throw new Error('expected an ephemeral reply');
    await alice.forgeComponent(own, { customId: 'x' });
    await expect(discord.user('bob').forgeComponent(own, { customId: 'x' })).rejects.toThrow(/ephemeral for someone else/);

    // A user who lives in the other guild.
    const mallory = discord.user('mallory', { guildId: other?.id });
    expect(JSON.parse((await mallory.slash('probe', { options: { hours: 5 } })).content)).toMatchObject({ guild: other?.id });
    expect(mallory.messages(lobby?.id).length).toBeGreaterThan(0);
  });

  it('expires interactions on demand', async () => {
    const alice = discord.user('alice');

    // Expired before the bot answers: the callback gets 10062 and the action fails at once.
    const slow = alice.slash('slow');
    discord.expireInteraction(discord.interactions().at(-1) ?? '');
    const error = await rejection(slow);
    expect(error).toBeInstanceOf(InteractionFailedError);
    expect(String(error)).toMatch(/404 10062 Unknown interaction/);
    await discord.waitFor(() => botErrors.length === 1, { what: "the bot's error" });
    expect(botErrors.map((e) => [e.status, e.code])).toEqual([[404, 10062]]);

    // Expired after a deferral: the edit gets 401 50027.
    const deferred = alice.slash('defer');
    const record = discord.interactions().at(-1);
    await discord.waitFor(() => record?.callback, { what: 'the deferral' });
    discord.expireInteraction(record ?? '');
    await expect(deferred).rejects.toThrow(/401 50027 Invalid Webhook Token/);
    await discord.waitFor(() => botErrors.length === 2, { what: "the bot's error" });
    expect(botErrors.map((e) => [e.status, e.code])).toEqual([[404, 10062], [401, 50027]]);
  });

  it('revokes and restores the bot token', async () => {
    const own = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000 });
    try {
      const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: own.apiBase } });
      extraClients.push(bot);
      const disconnects: number[] = [];
      const shardErrors: string[] = [];
      bot.on(Events.ShardDisconnect, (event) => disconnects.push(event.code));
      bot.on(Events.ShardError, (e) => shardErrors.push(e.message));
      await bot.login(TOKEN);
      await own.waitForBotReady();
      const standalone = new REST({ api: own.apiBase }).setToken(TOKEN);

      own.revokeBotToken();
      await own.waitForBotDisconnect();
      await own.waitFor(() => disconnects.includes(4004), { what: 'discord.js to see 4004' });
      expect(shardErrors).toEqual(['Authentication failed']);
      expect(own.botStatus.lastClose?.code).toBe(4004);

      // REST: 401, after which that REST instance has forgotten its token.
      await expect(standalone.get(Routes.user('@me'))).rejects.toMatchObject({ status: 401, code: 0, message: '401: Unauthorized' });
      await expect(standalone.get(Routes.user('@me'))).rejects.toThrow(/Expected token to be set/);

      // Logging in fails on GET /gateway/bot; a raw IDENTIFY is refused with 4004.
      const again = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: own.apiBase } });
      extraClients.push(again);
      await expect(again.login(TOKEN)).rejects.toMatchObject({ code: 'TokenInvalid' });
      const socket = new WebSocket(`${own.gatewayUrl}?v=10&encoding=json`);
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { op: number }).op === 10) {
          socket.send(JSON.stringify({ op: 2, d: { token: TOKEN, intents: 1, properties: {} } }));
        }
      });
      expect(await closed).toBe(4004);

      // Restored: a new login works; the old client stays down.
      own.restoreBotToken();
      const identified = own.botStatus.identifyCount;
      const fresh = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: own.apiBase } });
      extraClients.push(fresh);
      await fresh.login(TOKEN);
      await own.waitForBotReady({ afterIdentifyCount: identified });
      expect(disconnects).toEqual([4004]);
      await expect(new REST({ api: own.apiBase }).setToken(TOKEN).get(Routes.user('@me'))).resolves.toMatchObject({ bot: true });
    } finally {
      await own.stop();
    }
  });
});
