/**
 * DISCORD_REST_PROXY: discord.js's own REST proxy (@discordjs/proxy, set up as its container image
 * sets it up) in front of the local Discord, and the bot pointed at it. A game is played against a
 * bot player; the local Discord sees every request of the bot's client come through the proxy
 * (board posts with their images, answers to clicks, the commands' registration), and only the
 * live panels' edits, which Discord leaves out of the global limit, straight from the bot.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess, tempDatabasePath } from './bot-process.js';
import { assertLogHygiene, secretsOf } from './log-hygiene.js';
import { gameNumber, nextBoardPost, randomFrom, Table } from './play.js';
import { startFakeDiscord, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { loggedOrigins } from './database-access.js';

const token = 'e2e-token.rest-proxy.secret-part';
let discord: FakeDiscord;
let proxy: Server;
let proxyUrl: string;
let bot: BotProcess;
let databasePath: string;
let anne: SimUser;

/** Every request the proxy took, as the local Discord logs them: method and path without /api/v10. */
const proxied: string[] = [];

/**
 * The proxy as discord.js's container image runs it (packages/proxy-container): REST without a
 * token of its own (the bot's is passed on), leaving retries and rate-limit waits to the bot; here
 * pointed at the local Discord instead of Discord's API.
 */
async function startProxy(api: string): Promise<Server> {
  const handler = proxyRequests(new REST({ api, rejectOnRateLimit: () => true, retries: 0 }));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://proxy').pathname.replace(/^\/api(\/v\d+)?/, '');
    proxied.push(`${req.method ?? 'GET'} ${path}`);
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      console.error('[rest-proxy]', error);
      res.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

beforeAll(async () => {
  discord = await startFakeDiscord({ botToken: token });
  proxy = await startProxy(discord.apiBase);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  databasePath = tempDatabasePath();
  // DISCORD_API_BASE stays set: the proxy wins for the client's requests, the panels' edits go there.
  bot = new BotProcess({ ...discord.botEnv(), DISCORD_DEV_GUILD_ID: discord.guild.id, DATABASE_PATH: databasePath, DISCORD_REST_PROXY: proxyUrl });
  bot.start();
  await discord.waitForBotReady();
  await discord.waitForCommands(['game', 'games', 'rules']);
  anne = discord.user('anne');
});

afterAll(async () => {
  await bot?.stop();
  proxy?.close();
  if (!discord) return;
  const secrets = secretsOf(discord, token);
  await discord.stop();
  if (bot) assertLogHygiene(bot.output, secrets);
});

/** How often each request was made, by "METHOD /path". */
function tally(requests: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  return counts;
}

describe('the REST proxy', () => {
  it("carries the bot's requests to Discord while a game is played; the panels' edits go straight", async () => {
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien', bots: 1, bot_level: 'easy' } });
    const started = await anne.click(opened.message as StoredMessage, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    const id = gameNumber(await nextBoardPost(discord, thread.id, undefined));
    const pick = randomFrom(35);
    await new Table(discord, thread.id, [anne]).playOut(pick);
    const posts = discord.messages(thread.id);
    expect(posts.at(-1)?.content).toMatch(/The game is over/);
    // The boards' images came through too (a multipart body, passed on as it was).
    expect(posts.at(-1)?.attachments[0]?.bytes.length).toBeGreaterThan(1000);
    expect(new Set(loggedOrigins(databasePath, id))).toEqual(new Set(['player', 'bot']));

    // What went through the proxy reached the local Discord, every request of it.
    const seen = tally(discord.restLog.map((r) => `${r.method} ${r.path}`));
    const through = tally(proxied);
    for (const [request, n] of through) expect(seen.get(request) ?? 0, request).toBeGreaterThanOrEqual(n);
    const keys = [...through.keys()];
    expect(keys).toContain('GET /gateway/bot');
    expect(keys.some((k) => /^PUT \/applications\/\d+\/guilds\/\d+\/commands$/.test(k))).toBe(true);
    expect(keys.some((k) => /^POST \/channels\/\d+\/messages$/.test(k))).toBe(true);
    expect(keys.some((k) => /^POST \/interactions\/\d+\/[^/]+\/callback$/.test(k))).toBe(true);
    // The rest came straight from the bot: the live panels' edits, and nothing else.
    const straight = [...seen].flatMap(([request, n]) => (n > (through.get(request) ?? 0) ? [request] : []));
    expect(straight.length).toBeGreaterThan(0);
    for (const request of straight) expect(request).toMatch(/^PATCH \/webhooks\/\d+\/[^/]+\/messages\/(@|%40)original$/);
    expect(discord.unhandledRoutes).toEqual([]);
    expect(bot.logs().filter((l) => (l.level as number) >= 50)).toEqual([]);
    expect(bot.logs()[0]).toMatchObject({ msg: 'starting', settings: { DISCORD_REST_PROXY: `${proxyUrl}/api` } });
    discord.assertInteractionsHealthy();
  });
});
