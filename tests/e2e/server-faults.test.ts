/**
 * Proves the fake Discord's faults with a raw discord.js client and `REST` (not the project's bot):
 * what Discord itself does wrong or refuses. Injected REST faults and how @discordjs/rest reacts to
 * them, interactions expired early, and a revoked token. What people do (moderators, forged
 * interactions) is in server-moderation.test.ts.
 */
import { Client, DiscordAPIError, Events, GatewayIntentBits, HTTPError, REST, Routes } from 'discord.js';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { InteractionFailedError, NONCE_WINDOW_MS, startFakeDiscord, type StoredMessage } from './server/index.js';
import { botErrors, rejection, tinyBotTable, TOKEN } from './tiny-bot.js';

const MESSAGES = '/channels/:channel/messages';
const CALLBACK = '/interactions/:interaction/:token/callback';

describe('fake Discord faults', () => {
  const table = tinyBotTable();

  it('injects REST faults shaped like Discord and discord.js retries them as documented', async () => {
    const { discord, rest } = table;
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
    expect(discord.restLog.slice(-2).map((e) => [e.status, e.injected ?? false])).toEqual([
      [429, true],
      [200, false],
    ]);

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

  it('holds an answer after the route ran, and answers a post retried with its nonce with the message it made', async () => {
    const { extraClients } = table;
    // A server of its own, with a client that hears guild messages to count the MESSAGE_CREATEs.
    const discord = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000, guilds: [{ name: 'Home', channels: ['general', 'other'] }] });
    try {
      const listener = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages], rest: { api: discord.apiBase } });
      extraClients.push(listener);
      const created: string[] = [];
      listener.on(Events.Raw, (packet: { t?: string; d?: { id: string } }) => {
        if (packet.t === 'MESSAGE_CREATE' && packet.d) created.push(packet.d.id);
      });
      await listener.login(TOKEN);
      await discord.waitForBotReady();
      const rest = new REST({ api: discord.apiBase }).setToken(TOKEN);
      const [channelId, other] = discord.channels().map((c) => c.id) as [string, string];
      const url = `${discord.apiBase}/v10/channels/${channelId}/messages`;
      const headers = { Authorization: `Bot ${TOKEN}`, 'Content-Type': 'application/json' };

      // The post is made, but its answer never reaches the caller, who gives up (as a killed bot would).
      const hold = discord.holdAnswers({ route: MESSAGES, method: 'POST' });
      const caller = new AbortController();
      const lost = fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'turn 1', nonce: 'b1.2', enforce_nonce: true }),
        signal: caller.signal,
      });
      await discord.waitFor(() => hold.held === 1, { what: 'the post to be made' });
      caller.abort();
      await expect(lost).rejects.toThrow();
      hold.release();
      const made = discord.messages(channelId).at(-1);
      expect(made?.content).toBe('turn 1');

      // Tried again with the same nonce, even with other words: the same message, nothing new.
      const again = (await rest.post(Routes.channelMessages(channelId), { body: { content: 'turn 1, again', nonce: 'b1.2', enforce_nonce: true } })) as {
        id: string;
        content: string;
      };
      expect(again).toMatchObject({ id: made?.id, content: 'turn 1', nonce: 'b1.2' });
      expect(discord.messages(channelId)).toHaveLength(1);
      // Without enforce_nonce, in another channel, or with another nonce: a new message each.
      await rest.post(Routes.channelMessages(channelId), { body: { content: 'not enforced', nonce: 'b1.2' } });
      await rest.post(Routes.channelMessages(other), { body: { content: 'elsewhere', nonce: 'b1.2', enforce_nonce: true } });
      await rest.post(Routes.channelMessages(channelId), { body: { content: 'turn 2', nonce: 'b1.3', enforce_nonce: true } });
      expect(discord.messages(channelId)).toHaveLength(3);
      await discord.waitFor(() => created.length === 4, { what: 'four MESSAGE_CREATEs' });
      expect(created[0]).toBe(made?.id);
      expect(new Set(created).size).toBe(4);

      // Discord remembers a nonce for a few minutes only; a deleted message is not answered again.
      (made as StoredMessage).createdAt -= NONCE_WINDOW_MS + 1;
      const late = (await rest.post(Routes.channelMessages(channelId), { body: { content: 'turn 1, late', nonce: 'b1.2', enforce_nonce: true } })) as {
        id: string;
      };
      expect(late.id).not.toBe(made?.id);
      const turn2 = discord.messages(channelId).find((m) => m.content === 'turn 2') as StoredMessage;
      await rest.delete(Routes.channelMessage(channelId, turn2.id));
      const anew = (await rest.post(Routes.channelMessages(channelId), { body: { content: 'turn 2, anew', nonce: 'b1.3', enforce_nonce: true } })) as {
        id: string;
      };
      expect(anew.id).not.toBe(turn2.id);

      // A nonce is an integer or at most 25 characters.
      await expect(rest.post(Routes.channelMessages(channelId), { body: { content: 'x', nonce: 'n'.repeat(26), enforce_nonce: true } })).rejects.toMatchObject({
        status: 400,
        code: 50035,
        rawError: { errors: { nonce: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
      });
      await expect(rest.post(Routes.channelMessages(channelId), { body: { content: 'x', nonce: { a: 1 } } })).rejects.toMatchObject({
        status: 400,
        code: 50035,
      });
    } finally {
      await discord.stop();
    }
  });

  it('expires interactions on demand', async () => {
    const { discord } = table;
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
    expect(botErrors.map((e) => [e.status, e.code])).toEqual([
      [404, 10062],
      [401, 50027],
    ]);
  });

  it('ephemeral follow-ups through an interaction token, edited and deleted by id, refused once the token ended or the message is gone', async () => {
    const { discord, rest } = table;
    const alice = discord.user('alice');
    const answered = await alice.slash('probe', { options: { hours: 1 } });
    const record = discord.interactions().find((i) => i.id === answered.id);
    if (!record) throw new Error('no interaction');
    const webhook = Routes.webhook(discord.applicationId, record.token);
    const followUp = (await rest.post(webhook, { body: { content: 'below', flags: 64 }, auth: false })) as { id: string };
    const made = discord.message(followUp.id);
    expect(made.ephemeral).toBe(true);
    expect(made.viewerIds).toEqual([alice.id]);
    await rest.patch(Routes.webhookMessage(discord.applicationId, record.token, followUp.id), { body: { content: 'pointer' }, auth: false });
    expect(discord.message(followUp.id).content).toBe('pointer');
    await rest.delete(Routes.webhookMessage(discord.applicationId, record.token, followUp.id), { auth: false });
    // A message deleted, or one this token never made: 404 10008.
    const gone = rest.patch(Routes.webhookMessage(discord.applicationId, record.token, followUp.id), { body: { content: 'x' }, auth: false });
    await expect(gone).rejects.toMatchObject({ status: 404, code: 10008 });
    const post = (await rest.post(Routes.channelMessages(record.channelId), { body: { content: 'a post' } })) as { id: string };
    await expect(
      rest.patch(Routes.webhookMessage(discord.applicationId, record.token, post.id), { body: { content: 'x' }, auth: false }),
    ).rejects.toMatchObject({ status: 404, code: 10008 });
    // The token ended: a follow-up, like an edit, is 401 50027.
    discord.expireInteraction(record);
    await expect(rest.post(webhook, { body: { content: 'late', flags: 64 }, auth: false })).rejects.toMatchObject({ status: 401, code: 50027 });
    await expect(
      rest.patch(Routes.webhookMessage(discord.applicationId, record.token, '@original'), { body: { content: 'x' }, auth: false }),
    ).rejects.toMatchObject({ status: 401, code: 50027 });
  });

  it('revokes and restores the bot token', async () => {
    const { extraClients } = table;
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
        if ((JSON.parse((data as Buffer).toString()) as { op: number }).op === 10) {
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
