/**
 * The fake Discord speaks sharding: IDENTIFY with `shard: [id, count]`, each guild's READY entry,
 * GUILD_CREATE, events and interactions to its own shard's session (DMs to shard 0), Discord's
 * refusals (4010, 4011, op 9 for identifying too fast, a token reset when the session start limit is
 * used up), GET /gateway/bot figures, and a shard killed while the others go on. Raw websockets
 * where exact payloads matter; discord.js clients where the bot's own library must cope.
 */
import { Client, Events, GatewayIntentBits, MessageFlags, type Interaction } from 'discord.js';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayBot, Made, RawSession, api, rawSockets, type FirstPayload } from './raw-gateway.js';
import { shardOf, startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from './server/index.js';

const TOKEN = 'fake-bot-token';
const WHERE = { name: 'where', description: 'Which shard answers', type: 1 };

const servers: FakeDiscord[] = [];
const clients: Client[] = [];

afterEach(async () => {
  for (const socket of rawSockets.splice(0)) socket.terminate();
  await Promise.all(clients.splice(0).map((c) => c.destroy()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function server(options: Partial<FakeDiscordOptions> = {}): Promise<FakeDiscord> {
  const discord = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000, ...options });
  servers.push(discord);
  return discord;
}

/** Guild A and C on shard 0 of 2, B on shard 1. */
const TWO_SHARD_GUILDS = [
  { name: 'A', shard: [0, 2] as [number, number] },
  { name: 'B', shard: [1, 2] as [number, number] },
  { name: 'C', shard: [0, 2] as [number, number] },
];

/** A raw gateway session with the bot's token that answers each interaction "<name> got it". */
const rawShard = (discord: FakeDiscord, first: FirstPayload, name = 'raw') => new RawSession(discord, first, { token: TOKEN, answer: `${name} got it` });

describe('fake Discord sharding', () => {
  it("sends each shard only its guilds' READY, GUILD_CREATE, events and interactions (DMs to shard 0)", async () => {
    const discord = await server({ guilds: TWO_SHARD_GUILDS, sharding: { maxConcurrency: 2 } });
    const [a, b, c] = discord.guilds().map((g) => g.id) as [string, string, string];
    expect([a, b, c].map((id) => shardOf(id, 2))).toEqual([0, 1, 0]);

    const s0 = rawShard(discord, { shard: [0, 2] }, 'shard 0');
    const s1 = rawShard(discord, { shard: [1, 2] }, 'shard 1');
    const [ready0, ready1] = await Promise.all([s0.ready(), s1.ready()]);
    expect(ready0.shard).toEqual([0, 2]);
    expect(ready0.guilds.map((g) => g.id)).toEqual([a, c]);
    expect(ready1.shard).toEqual([1, 2]);
    expect(ready1.guilds.map((g) => g.id)).toEqual([b]);
    await discord.waitForBotReady();
    expect(s0.events('GUILD_CREATE').map((g) => g.id)).toEqual([a, c]);
    expect(s1.events('GUILD_CREATE').map((g) => g.id)).toEqual([b]);
    expect(discord.shardSessions().map((s) => [s.shard, s.ready, s.guildIds])).toEqual([
      [[0, 2], true, [a, c]],
      [[1, 2], true, [b]],
    ]);
    expect(discord.botStatus).toMatchObject({ ready: true, shardCount: 2, identifyCount: 2 });

    // Channel events and messages go to the guild's shard only.
    discord.denyBot(discord.channels(b)[0]!.id, 'AttachFiles');
    discord.denyBot(discord.channels(c)[0]!.id, 'AttachFiles');
    await api(discord, 'POST', `/channels/${discord.channels(a)[0]!.id}/messages`, { content: 'in A' });
    await s1.until(() => s1.dispatches('CHANNEL_UPDATE').length === 1, 'CHANNEL_UPDATE on shard 1');
    await s0.until(() => s0.dispatches('MESSAGE_CREATE').length === 1 && s0.dispatches('CHANNEL_UPDATE').length === 1, 'shard 0 events');
    expect(s0.events('CHANNEL_UPDATE')[0]?.guild_id).toBe(c);
    expect(s1.events('CHANNEL_UPDATE')[0]?.guild_id).toBe(b);
    expect(s0.events('MESSAGE_CREATE')[0]?.guild_id).toBe(a);
    expect(s1.dispatches('MESSAGE_CREATE')).toEqual([]);

    // A DM has no guild: shard 0.
    const alice = discord.user('alice');
    const dm = Made.parse((await api(discord, 'POST', '/users/@me/channels', { recipient_id: alice.id })).json);
    await api(discord, 'POST', `/channels/${dm.id}/messages`, { content: 'psst' });
    await s0.until(() => s0.dispatches('MESSAGE_CREATE').length === 2, 'the DM on shard 0');
    expect(s0.events('MESSAGE_CREATE')[1]).toMatchObject({ content: 'psst', channel_id: dm.id });
    expect(s1.dispatches('MESSAGE_CREATE')).toEqual([]);

    // Interactions: each answered by the shard of its guild.
    for (const guild of [a, b, c]) await api(discord, 'PUT', `/applications/${discord.applicationId}/guilds/${guild}/commands`, [WHERE]);
    const answers = [];
    for (const guild of [a, b, c]) answers.push((await alice.slash('where', { channelId: discord.channels(guild)[0]!.id })).content);
    expect(answers).toEqual(['shard 0 got it', 'shard 1 got it', 'shard 0 got it']);
    expect(s0.events('INTERACTION_CREATE').map((i) => i.guild_id)).toEqual([a, c]);
    expect(s1.events('INTERACTION_CREATE').map((i) => i.guild_id)).toEqual([b]);
  });

  it('closes with 4010 for an invalid shard or a shard count mixed with a connected one', async () => {
    const discord = await server({ guilds: TWO_SHARD_GUILDS, sharding: { maxConcurrency: 4 } });
    for (const shard of [[2, 2], [0, 0], [-1, 2], [0], [0.5, 2], 'x']) {
      expect(await rawShard(discord, { shard }).closed, JSON.stringify(shard)).toBe(4010);
    }
    expect(discord.botStatus.identifyCount).toBe(0);

    const s0 = rawShard(discord, { shard: [0, 2] });
    await s0.ready();
    expect(await rawShard(discord, { shard: [0, 3] }).closed).toBe(4010);
    expect(await rawShard(discord, {}).closed).toBe(4010); // no shard is [0, 1]
    // Once it is gone (closed with 1000: no resume), another count may start.
    s0.socket.close(1000);
    await s0.closed;
    const s = rawShard(discord, { shard: [1, 3] });
    expect((await s.ready()).shard).toEqual([1, 3]);
    expect(discord.shardSessions().map((x) => x.shard)).toEqual([[1, 3]]);
  });

  it('closes with 4011 when a session would handle more guilds than the threshold', async () => {
    const discord = await server({ guilds: TWO_SHARD_GUILDS, sharding: { maxGuildsPerShard: 2, maxConcurrency: 2 } });
    expect(await rawShard(discord, {}).closed).toBe(4011); // all 3 guilds on one session
    const s0 = rawShard(discord, { shard: [0, 2] }); // A and C
    expect((await s0.ready()).guilds).toHaveLength(2);
    discord.configureSharding({ maxGuildsPerShard: 1 });
    expect(await rawShard(discord, { shard: [0, 2] }).closed).toBe(4011);
    expect((await rawShard(discord, { shard: [1, 2] }).ready()).guilds).toHaveLength(1);
    expect(s0.closeCode).toBeNull(); // connected sessions are not re-checked
  });

  it('answers an IDENTIFY within 5 s of another in its bucket with INVALID_SESSION (op 9)', async () => {
    const discord = await server({ guilds: TWO_SHARD_GUILDS });
    const s0 = rawShard(discord, { shard: [0, 2] });
    await s0.ready();
    const early = rawShard(discord, { shard: [1, 2] }); // bucket 1 % 1 = 0, like shard 0
    await early.until(() => early.received.find((p) => p.op === 9), 'op 9');
    expect(early.received.map((p) => [p.op, p.d])).toEqual([[9, false]]);
    expect(discord.botStatus).toMatchObject({ identifyCount: 1, ready: false });

    // With max_concurrency 2, shard 1 is in its own bucket.
    discord.configureSharding({ maxConcurrency: 2 });
    await rawShard(discord, { shard: [1, 2] }).ready();
    expect(discord.botStatus).toMatchObject({ identifyCount: 2, ready: true });

    // Unsharded sessions are not throttled by default (tests restart bots quickly); 'all' does.
    const single = await server({ sharding: { identifyIntervalMs: 60_000 } });
    await rawShard(single, {}).ready();
    await rawShard(single, {}).ready();
    single.configureSharding({ identifyRateLimit: 'all' });
    const third = rawShard(single, {});
    await third.until(() => third.received.find((p) => p.op === 9), 'op 9 for an unsharded session');
  });

  it('answers GET /gateway/bot with the recommended shards and the session start limit, and resets the token when it is used up', async () => {
    const plain = await server();
    expect((await api(plain, 'GET', '/gateway/bot')).json).toEqual({
      url: plain.gatewayUrl,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    });

    const discord = await server({ sharding: { recommendedShards: 3, maxConcurrency: 4, sessionStartLimit: 2 } });
    await rawShard(discord, {}).ready();
    const info = (await api(discord, 'GET', '/gateway/bot')).json;
    expect(info).toMatchObject({ shards: 3, session_start_limit: { total: 2, remaining: 1, max_concurrency: 4 } });
    expect(GatewayBot.parse(info).session_start_limit.reset_after).toBeGreaterThan(86_000_000);
    discord.configureSharding({ recommendedShards: 2 });
    expect(discord.gatewayBot().shards).toBe(2);

    const second = rawShard(discord, {});
    await second.ready();
    expect(discord.gatewayBot().session_start_limit.remaining).toBe(0);
    // "Upon hitting this limit, all active sessions for the app will be terminated, the bot token will be reset."
    expect(await rawShard(discord, {}).closed).toBe(4004);
    expect(await second.closed).toBe(4004);
    expect((await api(discord, 'GET', '/gateway/bot')).status).toBe(401);
  });

  it('keeps the other shard working when one is killed, and resumes the killed one with what it missed', async () => {
    const discord = await server({ guilds: TWO_SHARD_GUILDS, sharding: { maxConcurrency: 2 } });
    const [a, b] = discord.guilds().map((g) => g.id) as [string, string];
    for (const guild of [a, b]) await api(discord, 'PUT', `/applications/${discord.applicationId}/guilds/${guild}/commands`, [WHERE]);
    const s0 = rawShard(discord, { shard: [0, 2] }, 'shard 0');
    const s1 = rawShard(discord, { shard: [1, 2] }, 'shard 1');
    const ready1 = await s1.ready();
    await s0.ready();

    const killed = discord.killShard(1);
    expect(killed).toMatchObject({ shard: [1, 2], sessionId: ready1.session_id, ready: true });
    expect(await s1.closed).toBe(1006);
    await discord.waitFor(() => !discord.shardSessions()[1]?.connected, { what: 'shard 1 down' });
    expect(discord.botStatus.ready).toBe(false);
    expect(() => discord.killShard(1)).toThrow(/no connected session of shard 1/);

    // Shard 0 goes on; shard 1's guild cannot be reached; its events wait for RESUME.
    const alice = discord.user('alice');
    expect((await alice.slash('where', { channelId: discord.channels(a)[0]!.id })).content).toBe('shard 0 got it');
    await expect(alice.slash('where', { channelId: discord.channels(b)[0]!.id })).rejects.toThrow(/no bot is connected .*shard 1 of 2/);
    discord.denyBot(discord.channels(b)[0]!.id, 'AttachFiles');

    const resumed = rawShard(discord, { resume: { session_id: ready1.session_id, seq: s1.seq } }, 'shard 1');
    await resumed.until(() => resumed.dispatches('RESUMED').length === 1, 'RESUMED');
    expect(resumed.dispatches().map((p) => p.t)).toEqual(['CHANNEL_UPDATE', 'RESUMED']);
    expect(resumed.dispatches()[0]?.s).toBe(s1.seq + 1);
    expect(discord.shardSessions().map((s) => [s.shard, s.sessionId, s.ready, s.resumeCount])).toEqual([
      [[0, 2], s0.sessionId, true, 0],
      [[1, 2], ready1.session_id, true, 1],
    ]);
    expect((await alice.slash('where', { channelId: discord.channels(b)[0]!.id })).content).toBe('shard 1 got it');
    expect(s0.closeCode).toBeNull();
  });
});

describe('discord.js against the sharded fake Discord', () => {
  async function whereBot(discord: FakeDiscord, options: { shards: number[]; shardCount: number }, debug: string[] = []): Promise<Client> {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiBase }, ...options });
    clients.push(client);
    client.on(Events.Debug, (message) => debug.push(message));
    client.on(Events.InteractionCreate, (interaction: Interaction) => {
      if (!interaction.isChatInputCommand()) return;
      void interaction.reply({ content: `shard ${interaction.guild?.shardId} of ${options.shards.join('+')}`, flags: MessageFlags.Ephemeral });
    });
    const ready = once(client, Events.ClientReady);
    await client.login(TOKEN);
    await ready;
    return client;
  }

  async function registerWhere(discord: FakeDiscord): Promise<void> {
    for (const guild of discord.guilds()) await api(discord, 'PUT', `/applications/${discord.applicationId}/guilds/${guild.id}/commands`, [WHERE]);
  }

  it('runs two shards in one process (shards: [0, 1], shardCount: 2) and resumes a killed one', async () => {
    const discord = await server({ guilds: TWO_SHARD_GUILDS, sharding: { recommendedShards: 2 } });
    await registerWhere(discord);
    const [a, b, c] = discord.guilds().map((g) => g.id) as [string, string, string];
    // max_concurrency 1: discord.js waits 5 s between the two IDENTIFYs by itself.
    const client = await whereBot(discord, { shards: [0, 1], shardCount: 2 });
    await discord.waitForBotReady();
    expect(discord.botStatus).toMatchObject({ identifyCount: 2, shardCount: 2 });
    expect([...client.guilds.cache.values()].map((g) => [g.id, g.shardId]).sort()).toEqual(
      [
        [a, 0],
        [b, 1],
        [c, 0],
      ].sort(),
    );

    const alice = discord.user('alice');
    const ask = async (guild: string) => (await alice.slash('where', { channelId: discord.channels(guild)[0]!.id })).content;
    expect([await ask(a), await ask(b), await ask(c)]).toEqual(['shard 0 of 0+1', 'shard 1 of 0+1', 'shard 0 of 0+1']);

    // Kill shard 1; an event of guild B meanwhile is replayed when discord.js resumes.
    const before = discord.shardSessions();
    discord.killShard(1);
    discord.denyBot(discord.channels(b)[0]!.id, 'AttachFiles');
    expect(await ask(a)).toBe('shard 0 of 0+1');
    await discord.waitFor(() => discord.shardSessions()[1]?.resumeCount === 1 && discord.botStatus.ready, { what: 'shard 1 resumed' });
    expect(discord.shardSessions().map((s) => s.sessionId)).toEqual(before.map((s) => s.sessionId));
    const overwritten = () => {
      const channel = client.channels.cache.get(discord.channels(b)[0]!.id);
      return Boolean(channel && 'permissionOverwrites' in channel && channel.permissionOverwrites.cache.has(discord.applicationId));
    };
    await discord.waitFor(overwritten, { what: 'discord.js to get the replayed CHANNEL_UPDATE' });
    expect(await ask(b)).toBe('shard 1 of 0+1');
    expect(discord.botStatus.identifyCount).toBe(2);
  });

  it('runs one client per shard (as one process per shard would) and recovers from op 9 when they identify too close', async () => {
    const discord = await server({ guilds: TWO_SHARD_GUILDS, sharding: { recommendedShards: 2 } });
    await registerWhere(discord);
    const [a, b, c] = discord.guilds().map((g) => g.id) as [string, string, string];
    const first = await whereBot(discord, { shards: [0], shardCount: 2 });
    // Its own throttler knows nothing of the other client: Discord (and this server) answer op 9,
    // and discord.js identifies again after 5 s.
    const debug: string[] = [];
    const second = await whereBot(discord, { shards: [1], shardCount: 2 }, debug);
    await discord.waitForShards(2);
    expect(debug.filter((m) => m.includes('Invalid session; will attempt to resume: false'))).toHaveLength(1);
    expect(discord.botStatus).toMatchObject({ identifyCount: 2, ready: true });
    expect([...first.guilds.cache.keys()].sort()).toEqual([a, c].sort());
    expect([...second.guilds.cache.keys()]).toEqual([b]);

    const alice = discord.user('alice');
    const ask = async (guild: string) => (await alice.slash('where', { channelId: discord.channels(guild)[0]!.id })).content;
    expect([await ask(a), await ask(b), await ask(c)]).toEqual(['shard 0 of 0', 'shard 1 of 1', 'shard 0 of 0']);

    // The second "process" dies: the first goes on.
    await second.destroy();
    await discord.waitFor(() => !discord.shardSessions().some((s) => s.shard[0] === 1), { what: 'shard 1 gone' });
    expect(await ask(c)).toBe('shard 0 of 0');
    await expect(ask(b)).rejects.toThrow(/no bot is connected/);
  });
});
