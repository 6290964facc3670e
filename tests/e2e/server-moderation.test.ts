/**
 * Proves what people do on the fake Discord, with a raw discord.js client and `REST` (not the
 * project's bot): moderators changing the bot's channel permissions and deleting, locking and
 * archiving channels and threads, members leaving (and the privileged intent that tells the bot),
 * and members forging components and options, in either of two guilds. What Discord itself does wrong is in server-faults.test.ts.
 */
import { Client, Events, GatewayIntentBits, PermissionFlagsBits, REST, Routes } from 'discord.js';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { Intent, startFakeDiscord } from './server/index.js';
import { tinyBotTable, TOKEN } from './tiny-bot.js';

/** The close code of a raw IDENTIFY with these intents, or 0 once it is answered with READY. */
async function identifyWith(gatewayUrl: string, intents: number): Promise<number> {
  const socket = new WebSocket(`${gatewayUrl}?v=10&encoding=json`);
  return new Promise<number>((resolve) => {
    socket.on('close', (code) => resolve(code));
    socket.on('message', (data) => {
      const payload = JSON.parse((data as Buffer).toString()) as { op: number; t: string | null };
      if (payload.op === 10) socket.send(JSON.stringify({ op: 2, d: { token: TOKEN, intents, properties: {} } }));
      if (payload.t === 'READY') {
        resolve(0);
        socket.close();
      }
    });
  });
}

describe('fake Discord moderation and forgery', () => {
  const table = tinyBotTable();

  it("enforces the bot's channel permissions and reports them in app_permissions", async () => {
    const { discord, client, rest } = table;
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
    const overwrite =
      cached?.isTextBased() && !cached.isDMBased() && !cached.isThread() ? cached.permissionOverwrites.cache.get(discord.botUser.id) : undefined;
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
    const embedded = (await rest.post(Routes.channelMessages(channel.id), { body: { content: 'embed', embeds: [{ title: 'T' }] } })) as {
      id: string;
      embeds: unknown[];
    };
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

  it('refuses a file without AttachFiles as Discord computes it (role and member overwrites, threads from their channel), but never in an interaction answer', async () => {
    const { discord, rest } = table;
    const channel = discord.channel('games');
    const board = (await rest.post(Routes.channelMessages(channel.id), { body: { content: 'board' } })) as { id: string };
    const thread = (await rest.post(Routes.threads(channel.id, board.id), { body: { name: 'Pictures' } })) as { id: string };
    const files = [{ name: 'board.png', data: Buffer.from('png') }];
    const missingPermissions = { status: 403, code: 50013, message: 'Missing Permissions' };

    // The bot's role loses AttachFiles in the channel: its threads too; words still go out in both.
    discord.denyRole(channel.id, 'bot', 'AttachFiles');
    for (const place of [channel.id, thread.id]) {
      await expect(rest.post(Routes.channelMessages(place), { body: { content: 'file' }, files })).rejects.toMatchObject(missingPermissions);
      await rest.post(Routes.channelMessages(place), { body: { content: 'words' } });
    }
    expect(discord.botPermissionsIn(thread.id) & PermissionFlagsBits.AttachFiles).toBe(0n);
    // A member overwrite comes after the roles': allowed for the bot itself, it may attach again.
    discord.allowBot(channel.id, 'AttachFiles');
    await rest.post(Routes.channelMessages(thread.id), { body: { content: 'file' }, files });
    discord.resetBotPermissions(channel.id);
    discord.resetRole(channel.id, 'bot');
    // @everyone's overwrite denies it too where no role or member overwrite gives it back.
    discord.denyRole(channel.id, 'everyone', 'AttachFiles');
    await expect(rest.post(Routes.channelMessages(thread.id), { body: { content: 'file' }, files })).rejects.toMatchObject(missingPermissions);

    // An interaction's answers, public or not, may always carry files (they are the app's, not the bot's posts).
    const alice = discord.user('alice');
    const probe = await alice.slash('probe', { channelId: channel.id, options: { hours: 1 } });
    const followUp = (await rest.post(Routes.webhook(discord.applicationId, probe.interaction.token), {
      body: { content: 'picture' },
      files,
      auth: false,
    })) as { attachments: unknown[] };
    expect(followUp.attachments).toHaveLength(1);
    discord.resetRole(channel.id, 'everyone');
  });

  it('sends interactions for an app whose bot user is not in the server, with the permissions Discord gives such an app', async () => {
    const { discord, client, rest } = table;
    const other = discord.guilds()[1];
    const lobby = discord.channels(other?.id)[0];
    if (!other || !lobby) throw new Error('no second guild');
    const addBack = discord.removeBotFromGuild(other.id);
    try {
      await discord.waitFor(() => !client.guilds.cache.has(other.id), { what: 'GUILD_DELETE' });
      await expect(rest.post(Routes.channelMessages(lobby.id), { body: { content: 'x' } })).rejects.toMatchObject({ status: 403, code: 50001 });
      // @everyone's permissions there, limited to what an answer can use, Attach Files and Embed Links always.
      discord.denyRole(lobby.id, 'everyone', ['AttachFiles', 'EmbedLinks']);
      const probe = await discord.user('alice').slash('probe', { channelId: lobby.id, options: { hours: 1 } });
      expect(BigInt(probe.interaction.payload.app_permissions as string)).toBe(
        PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.UseExternalEmojis,
      );
      expect(JSON.parse(probe.content)).toMatchObject({ guild: other.id, canSend: false });
      discord.resetRole(lobby.id, 'everyone');
    } finally {
      addBack();
    }
  });

  it('lets moderators delete, lock and archive channels and threads', async () => {
    const { discord, client, rest } = table;
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

  it('a member leaves: Unknown Member for him, no more interactions, GUILD_MEMBER_REMOVE only with the privileged intent, and he can join again', async () => {
    const strict = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000 });
    const open = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000, privilegedIntents: Intent.GuildMembers });
    const clients: Client[] = [];
    try {
      // GUILD_MEMBERS is privileged: refused (4014) unless enabled for the application; a bit Discord does not define is 4013.
      expect(await identifyWith(strict.gatewayUrl, Intent.Guilds | Intent.GuildMembers)).toBe(4014);
      expect(await identifyWith(strict.gatewayUrl, 1 << 30)).toBe(4013);
      expect(await identifyWith(strict.gatewayUrl, Intent.Guilds)).toBe(0);

      for (const [discord, intents] of [
        [strict, [GatewayIntentBits.Guilds]],
        [open, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers]],
      ] as const) {
        const client = new Client({ intents: [...intents], rest: { api: discord.apiBase } });
        clients.push(client);
        const removed: string[] = [];
        const added: string[] = [];
        client.on('raw', (packet: { t: string; d: { user?: { id: string } } }) => {
          if (packet.t === 'GUILD_MEMBER_REMOVE') removed.push(packet.d.user?.id ?? '');
          if (packet.t === 'GUILD_MEMBER_ADD') added.push(packet.d.user?.id ?? '');
        });
        await client.login(TOKEN);
        await discord.waitForBotReady();
        await new REST({ api: discord.apiBase })
          .setToken(TOKEN)
          .put(Routes.applicationCommands(discord.applicationId), { body: [{ name: 'probe', description: 'p' }] });
        client.on(Events.InteractionCreate, (i) => void (i.isRepliable() && i.reply({ content: 'ok' })));
        const rest = new REST({ api: discord.apiBase }).setToken(TOKEN);
        const guild = discord.guild.id;
        const bob = discord.user('bob');
        await expect(rest.get(Routes.guildMember(guild, bob.id))).resolves.toMatchObject({ user: { id: bob.id } });
        expect((await bob.slash('probe')).content).toBe('ok');

        const rejoin = discord.removeMember(bob, guild);
        await expect(rest.get(Routes.guildMember(guild, bob.id))).rejects.toMatchObject({ status: 404, code: 10007, message: 'Unknown Member' });
        await expect(bob.slash('probe')).rejects.toThrow(/bob is not a member of/);
        expect(() => discord.removeMember(bob, guild)).toThrow(/not a member/);
        // Something the bot hears afterwards, so that a GUILD_MEMBER_REMOVE sent before it would have arrived.
        const carol = discord.user('carol');
        expect((await carol.slash('probe')).content).toBe('ok');
        expect(removed).toEqual(discord === open ? [bob.id] : []);

        rejoin();
        await expect(rest.get(Routes.guildMember(guild, bob.id))).resolves.toMatchObject({ user: { id: bob.id }, roles: [] });
        expect((await bob.slash('probe')).content).toBe('ok');
        expect(added).toEqual(discord === open ? [bob.id] : []);
      }
    } finally {
      await Promise.all(clients.map((c) => c.destroy()));
      await strict.stop();
      await open.stop();
    }
  });

  it('sends forged components and unchecked options, in either guild', async () => {
    const { discord, rest } = table;
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
});
