/**
 * The local Discord with several bot hosts on one shard, as when a frozen host wakes up after
 * another took its shard over: every session of a shard gets its events, an interaction with a
 * token of its own in each; which session answered is kept, a second callback is refused with
 * 40060 and reported, a nonce posted twice is reported, and a session that stops heartbeating is
 * closed with 4009. Raw websockets where the payloads matter (raw-gateway.ts); two discord.js
 * processes where a real frozen process must lose its session and come back.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BotProcess } from './bot-process.js';
import { thawAll } from './freeze.js';
import { hostOfSession } from './hosts.js';
import { Made, RawSession, api, rawSockets } from './raw-gateway.js';
import { defaultHeartbeatTimeout, startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from './server/index.js';

const TOKEN = 'fake-bot-token';
const WHERE = { name: 'where', description: 'Which session answers', type: 1 };
/** Guild A on shard 0 of 2, B on shard 1. */
const GUILDS = [
  { name: 'A', shard: [0, 2] as [number, number] },
  { name: 'B', shard: [1, 2] as [number, number] },
];

const servers: FakeDiscord[] = [];
const hosts: BotProcess[] = [];

afterEach(async () => {
  for (const socket of rawSockets.splice(0)) socket.terminate();
  await Promise.all(hosts.splice(0).map((h) => h.stop()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});
afterAll(thawAll);

/** A local Discord with /where registered in every guild; two sessions of one shard may identify at once. */
async function server(options: Partial<FakeDiscordOptions> = {}): Promise<FakeDiscord> {
  const discord = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000, guilds: GUILDS, sharding: { identifyRateLimit: 'off' }, ...options });
  servers.push(discord);
  for (const guild of discord.guilds()) await api(discord, 'PUT', `/applications/${discord.applicationId}/guilds/${guild.id}/commands`, [WHERE]);
  return discord;
}

const channelOf = (discord: FakeDiscord, guild: number) => discord.channels(discord.guilds()[guild]!.id)[0]!.id;

describe('several sessions of one shard', () => {
  it('sends every event of the shard to each session, an interaction with a token of its own that serves the same interaction', async () => {
    const discord = await server();
    const [a, b] = discord.guilds().map((g) => g.id) as [string, string];
    const first = new RawSession(discord, { shard: [0, 2] }, { token: TOKEN });
    await first.ready();
    const second = new RawSession(discord, { shard: [0, 2] }, { token: TOKEN });
    const other = new RawSession(discord, { shard: [1, 2] }, { token: TOKEN });
    await Promise.all([second.ready(), other.ready()]);
    expect(second.events('GUILD_CREATE').map((g) => g.id)).toEqual([a]);
    expect(discord.shardSessions().map((s) => [s.shard, s.sessionId, s.ready])).toEqual([
      [[0, 2], first.sessionId, true],
      [[0, 2], second.sessionId, true],
      [[1, 2], other.sessionId, true],
    ]);
    await discord.waitForShards(2);

    await api(discord, 'POST', `/channels/${channelOf(discord, 0)}/messages`, { content: 'in A' });
    await first.until(() => first.dispatches('MESSAGE_CREATE').length === 1 && second.dispatches('MESSAGE_CREATE').length === 1, 'MESSAGE_CREATE in both');
    expect(other.dispatches('MESSAGE_CREATE')).toEqual([]);

    const alice = discord.user('alice');
    const asked = alice.slash('where', { channelId: channelOf(discord, 0) });
    const interaction = (s: RawSession) => s.until(() => s.events('INTERACTION_CREATE')[0], 'the interaction');
    const [one, two] = await Promise.all([interaction(first), interaction(second)]);
    expect(one.id).toBe(two.id);
    expect(one.token).not.toBe(two.token);
    const record = discord.interactions().at(-1)!;
    expect(record.grants.map((g) => [g.sessionId, g.token, g.shard])).toEqual([
      [first.sessionId, one.token, [0, 2]],
      [second.sessionId, two.token, [0, 2]],
    ]);
    expect(record.token).toBe(one.token);

    // The second session answers; the first one's token edits @original and follows up.
    expect((await api(discord, 'POST', `/interactions/${two.id}/${two.token}/callback`, { type: 5 })).status).toBe(204);
    expect((await api(discord, 'PATCH', `/webhooks/${discord.applicationId}/${one.token}/messages/@original`, { content: 'shard 0' })).status).toBe(200);
    expect((await api(discord, 'POST', `/webhooks/${discord.applicationId}/${one.token}`, { content: 'and more' })).status).toBe(200);
    expect((await asked).content).toBe('shard 0');
    expect(discord.answersOf(record).map((x) => [x.kind, x.sessionId, x.status, x.code])).toEqual([
      ['callback', second.sessionId, 204, null],
      ['edit', first.sessionId, 200, null],
      ['follow-up', first.sessionId, 200, null],
    ]);
    expect(discord.answeredTwice()).toEqual([]);
    expect((await api(discord, 'POST', `/interactions/${one.id}/not-a-token/callback`, { type: 5 })).json).toMatchObject({ code: 10062 });
    expect(b).toBe(other.events('GUILD_CREATE')[0]?.id);
  });

  it('refuses a second callback with 40060 and reports it with both sessions in answeredTwice()', async () => {
    const discord = await server();
    const first = new RawSession(discord, { shard: [0, 2] }, { token: TOKEN, answer: 'first' });
    await first.ready();
    const second = new RawSession(discord, { shard: [0, 2] }, { token: TOKEN, answer: 'second' });
    const other = new RawSession(discord, { shard: [1, 2] }, { token: TOKEN, answer: 'other' });
    await Promise.all([second.ready(), other.ready()]);
    const alice = discord.user('alice');

    const result = await alice.slash('where', { channelId: channelOf(discord, 0) });
    expect(['first', 'second']).toContain(result.content);
    await discord.waitFor(() => discord.answersOf(result.id).length === 2, { what: 'both callbacks' });
    const answers = discord.answersOf(result.id);
    expect(answers.map((x) => [x.kind, x.status, x.code])).toEqual([
      ['callback', 204, null],
      ['callback', 400, 40060],
    ]);
    expect(new Set(answers.map((x) => x.sessionId))).toEqual(new Set([first.sessionId, second.sessionId]));
    expect(
      discord
        .interactions()
        .at(-1)!
        .errors.map((e) => e.code),
    ).toEqual([40060]);

    // Shard 1 has one session: answered once.
    expect((await alice.slash('where', { channelId: channelOf(discord, 1) })).content).toBe('other');
    const twice = discord.answeredTwice();
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ interactionId: result.id, label: '/where', user: 'alice', sessions: answers.map((x) => x.sessionId) });
    expect(() => discord.assertNothingTwice()).toThrow(
      /1 interaction\(s\) answered more than once:\n {2}- \/where by alice .*204 from session .*400 40060 from session/,
    );
  });
});

describe('message creates', () => {
  it('counts every create per channel and per nonce; postedTwice() reports a repeated nonce, answered by enforce_nonce or not', async () => {
    const discord = await server();
    const channel = channelOf(discord, 0);
    const post = async (body: Record<string, unknown>, where = channel) => api(discord, 'POST', `/channels/${where}/messages`, body);
    const made = Made.parse((await post({ content: 'board', nonce: 'move-7', enforce_nonce: true })).json);
    expect(Made.parse((await post({ content: 'board', nonce: 'move-7', enforce_nonce: true })).json).id).toBe(made.id);
    await post({ content: 'no nonce' });
    await post({ content: 'other', nonce: 'move-8' });
    expect(discord.messages(channel)).toHaveLength(3);
    expect(discord.messageCreates(channel)).toBe(3);
    expect(discord.postAttempts(channel).map((p) => [p.nonce, p.outcome, p.status, p.messageId === made.id])).toEqual([
      ['move-7', 'created', 200, true],
      ['move-7', 'nonce-answered', 200, true],
      ['move-8', 'created', 200, false],
    ]);
    expect(discord.postedTwice().map((p) => [p.channelId, p.nonce, p.attempts.map((x) => x.outcome)])).toEqual([
      [channel, 'move-7', ['created', 'nonce-answered']],
    ]);

    // Without enforce_nonce Discord makes a second message: posted twice as well.
    await post({ content: 'other', nonce: 'move-8' });
    expect(discord.messageCreates(channel)).toBe(4);
    expect(discord.postedTwice().map((p) => p.nonce)).toEqual(['move-7', 'move-8']);

    // DMs are channels too.
    const alice = discord.user('alice');
    const dm = Made.parse((await api(discord, 'POST', '/users/@me/channels', { recipient_id: alice.id })).json).id;
    for (let i = 0; i < 2; i++) await post({ content: 'your turn', nonce: 'remind-1', enforce_nonce: true }, dm);
    expect(discord.dms(alice)).toHaveLength(1);
    expect(discord.postedTwice().map((p) => [p.channelId, p.nonce])).toContainEqual([dm, 'remind-1']);

    // An injected fault never reached Discord: no attempt. A refusal of the route is one, once.
    discord.failNext({ route: '/channels/:channel/messages', method: 'POST', status: 500 });
    expect((await post({ content: 'x', nonce: 'move-9' })).status).toBe(500);
    expect((await post({ content: 'x', nonce: 'move-9' })).status).toBe(200);
    discord.denyBot(channel, 'SendMessages');
    expect((await post({ content: 'x', nonce: 'move-10' })).status).toBe(403);
    expect(
      discord
        .postAttempts(channel)
        .slice(-2)
        .map((p) => [p.nonce, p.outcome, p.status, p.code]),
    ).toEqual([
      ['move-9', 'created', 200, null],
      ['move-10', 'refused', 403, 50013],
    ]);
    expect(discord.postedTwice()).toHaveLength(3);
    expect(discord.messageCreatesByChannel()).toEqual(
      new Map([
        [channel, 5],
        [dm, 1],
      ]),
    );
    expect(() => discord.assertNothingTwice()).toThrow(/3 post\(s\) attempted more than once/);
  });
});

describe('heartbeats', () => {
  it('closes a session that stops heartbeating with 4009; it cannot resume, while a dropped one still can', async () => {
    expect(defaultHeartbeatTimeout(41_250)).toBe(66_875);
    const discord = await server({ heartbeatIntervalMs: 100, heartbeatTimeoutMs: 1500 });
    const steady = new RawSession(discord, { shard: [0, 2] }, { token: TOKEN, heartbeatMs: 100 });
    await steady.ready();
    const silent = new RawSession(discord, { shard: [0, 2] }, { token: TOKEN, heartbeatMs: 100 });
    await silent.ready();
    const [steadyId, silentId] = [steady.sessionId, silent.sessionId];
    silent.stopHeartbeats();
    expect(await silent.closed).toBe(4009);
    expect(discord.sessionsOfShard(0).map((s) => [s.sessionId, s.connected, s.invalidated, s.lastClose?.code ?? null])).toEqual([
      [steadyId, true, false, null],
      [silentId, false, true, 4009],
    ]);
    expect(discord.sessionsOfShard(0)[0]!.lastHeartbeatAt).toBeGreaterThan(Date.now() - 1000);
    expect(discord.sessionsOfShard(0)[0]!.peer).toMatchObject({ address: expect.stringContaining('127.0.0.1'), port: expect.any(Number) });
    expect(discord.botStatus.heartbeatTimeouts).toBe(1);
    expect(steady.closeCode).toBeNull();

    // Ended: its RESUME gets INVALID_SESSION, and its shard's events go to the other session only.
    const back = new RawSession(discord, { resume: { session_id: silentId, seq: silent.seq } }, { token: TOKEN, heartbeatMs: 100 });
    await back.until(() => back.received.find((p) => p.op === 9), 'op 9');
    await api(discord, 'POST', `/channels/${channelOf(discord, 0)}/messages`, { content: 'after' });
    await steady.until(() => steady.dispatches('MESSAGE_CREATE').length === 1, 'MESSAGE_CREATE');
    expect(back.dispatches()).toEqual([]);

    // A session cut without a close frame may resume, though a newer one of its shard identified since.
    const newer = new RawSession(discord, { shard: [0, 2] }, { token: TOKEN, heartbeatMs: 100 });
    await newer.ready();
    steady.socket.terminate();
    await discord.waitFor(() => discord.sessionsOfShard(0)[0]?.connected === false, { what: 'the steady session down' });
    await api(discord, 'POST', `/channels/${channelOf(discord, 0)}/messages`, { content: 'missed' });
    const resumed = new RawSession(discord, { resume: { session_id: steadyId, seq: steady.seq } }, { token: TOKEN, heartbeatMs: 100 });
    await resumed.until(() => resumed.dispatches('RESUMED').length === 1, 'RESUMED');
    expect(resumed.dispatches().map((p) => p.t)).toEqual(['MESSAGE_CREATE', 'RESUMED']);
    expect(resumed.events('MESSAGE_CREATE').map((m) => m.content)).toEqual(['missed']);
    expect(newer.events('MESSAGE_CREATE').map((m) => m.content)).toEqual(['missed']);

    // A connection that never identifies is closed as well.
    const idle = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
    rawSockets.push(idle);
    expect(await new Promise((resolve) => idle.on('close', resolve))).toBe(4009);
  });
});

/** A host: discord.js on shard [0, 1] answering /where with its pid (a refused second answer is its own business). */
const HOST = `
import { Client, Events, GatewayIntentBits, MessageFlags } from 'discord.js';
const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: process.env.DISCORD_API_BASE } });
client.on(Events.InteractionCreate, (i) => {
  if (i.isChatInputCommand()) i.reply({ content: 'pid ' + process.pid, flags: MessageFlags.Ephemeral }).catch(() => {});
});
await client.login(process.env.DISCORD_TOKEN);
`;

describe('a frozen host', () => {
  it('loses its session to 4009 while stopped (SIGSTOP), and identifies anew when continued', { timeout: 60_000 }, async () => {
    const discord = await server({ guilds: [{ name: 'A' }], heartbeatIntervalMs: 250, heartbeatTimeoutMs: 2000 });
    for (let i = 0; i < 2; i++) {
      const host = new BotProcess(discord.botEnv(), { command: [process.execPath, '--input-type=module', '-e', HOST], withoutRuntimeEnv: true });
      hosts.push(host);
      host.start();
    }
    const [one, two] = hosts as [BotProcess, BotProcess];
    const connected = () => discord.sessionsOfShard(0).filter((s) => s.ready);
    await discord.waitFor(() => connected().length === 2, { what: 'both hosts connected', timeoutMs: 30_000 });
    const ownerOf = (sessionId: string | null) => hostOfSession(discord.sessionsOfShard(0).find((s) => s.sessionId === sessionId) ?? { peer: null }, hosts);
    expect(new Set(connected().map((s) => ownerOf(s.sessionId)))).toEqual(new Set(hosts));

    // Both get the click; the first answer wins, the other gets 40060. The winner's host is named.
    const alice = discord.user('alice');
    const first = await alice.slash('where');
    await discord.waitFor(() => discord.answersOf(first.id).length === 2, { what: 'both answers' });
    const won = discord.answersOf(first.id).find((x) => x.status === 204)!;
    expect(first.content).toBe(`pid ${ownerOf(won.sessionId)?.pid}`);
    expect(discord.answeredTwice().map((d) => d.interactionId)).toEqual([first.id]);

    // Frozen, the first host stops heartbeating: its session ends; the other answers alone.
    const frozenSession = connected().find((s) => ownerOf(s.sessionId) === one)!.sessionId;
    const frozenAt = Date.now();
    await one.freeze();
    await discord.waitFor(() => discord.sessionsOfShard(0).find((s) => s.sessionId === frozenSession)?.lastClose?.code === 4009, {
      what: "the frozen host's session to time out",
    });
    const alone = await alice.slash('where');
    expect(alone.content).toBe(`pid ${two.pid}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(discord.answersOf(alone.id)).toHaveLength(1);

    // Continued, discord.js tries to resume (op 9) and identifies a new session.
    one.thaw();
    await discord.waitFor(() => connected().some((s) => s.identifiedAt > frozenAt && ownerOf(s.sessionId) === one), {
      what: 'the thawed host to identify again',
      timeoutMs: 20_000,
    });
    expect(
      discord
        .sessionsOfShard(0)
        .filter((s) => s.invalidated)
        .map((s) => s.sessionId),
    ).toEqual([frozenSession]);
    expect(discord.sessionsOfShard(0)).toHaveLength(3);

    // Stopping a frozen host continues it first, so SIGTERM ends it at once.
    await two.freeze();
    expect(await two.stop()).toBe('killed by SIGTERM');
  });
});
