import { DiscordAPIError, type Client } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Storage } from '../db/storage.js';
import { storeIdle, testStore } from '../../tests/support/test-store.js';
import { games, presenters } from '../games/index.js';
import { GameService } from '../service/game-service.js';
import { createLogger } from '../logger.js';
import { Announcer } from './announcer.js';
import { parseBody } from '../../tests/e2e/server/http.js';
import type { BoardRenderer } from '../games/board-renderer.js';
import { multipart } from '../multipart.js';

const HOUR = 60 * 60 * 1000;

/** A failure as discord.js reports it for a request Discord refused. */
function discordError(status: number, code: number, message: string): DiscordAPIError {
  return new DiscordAPIError({ message, code }, code, status, 'POST', 'https://discord.com/api/v10/channels/1/messages', { body: {}, files: [] });
}

/** Discord as the announcer sees it: every post lands here, and a test decides what fails. */
function fakeDiscord() {
  const posts: { channel: string; content: string; files: number; nonce?: string; id: string }[] = [];
  let fail: (channel: string, withFiles: boolean) => Error | null = () => null;
  /** Posts Discord makes whose answer is lost on the way back (the bot killed meanwhile). */
  let answersLost = 0;
  const rest = {
    post: vi.fn(async (route: string, options: { body: { content: string } | Buffer; headers?: Record<string, string> }) => {
      const channel = /channels\/(\d+)\/messages/.exec(route)?.[1] ?? '?';
      const error = fail(channel, Buffer.isBuffer(options.body));
      if (error) throw error;
      // A post with a board image comes as one multipart body, read as Discord reads it.
      const { body, files } = Buffer.isBuffer(options.body)
        ? await parseBody(options.headers?.['Content-Type'], options.body)
        : { body: options.body, files: [] };
      const { content, nonce, enforce_nonce } = body as { content: string; nonce?: string; enforce_nonce?: boolean };
      // As Discord: a post with an enforced nonce it made lately is answered again, not made twice.
      const earlier = enforce_nonce ? posts.find((p) => p.channel === channel && p.nonce === nonce) : undefined;
      const post = earlier ?? { channel, content, files: files.length, nonce, id: String(posts.length + 1) };
      if (!earlier) posts.push(post);
      if (answersLost > 0) {
        answersLost--;
        throw new Error('socket hang up');
      }
      return { id: post.id };
    }),
    // A board post's trim: an edit, the same whenever it is made again.
    patch: vi.fn(async () => ({})),
  };
  return {
    client: { rest } as unknown as Client,
    posts,
    failWith(rule: (channel: string, withFiles: boolean) => Error | null) {
      fail = rule;
    },
    loseAnswers(count: number) {
      answersLost = count;
    },
  };
}

/** Boards drawn as three bytes, each post sent as the bot sends it: one multipart body. */
function fakeBoards(): BoardRenderer {
  return {
    render: async () => Buffer.from('png'),
    upload: async (post) => multipart(post.message, [{ name: post.fileName, data: Buffer.from('png') }]),
    close: async () => undefined,
  };
}

/** The real setTimeout, kept before the tests fake the clock. */
const realTimeout = setTimeout;
/** The store of the test running now. */
let current: Storage | undefined;

/**
 * Moves the fake clock on by `ms` and lets what it set off finish: on PostgreSQL also the store
 * calls waiting for their answers (real I/O, which the fake clock does not move).
 */
async function passTimers(ms: number): Promise<void> {
  // What was set off before (a notice not awaited) first, so that the timers it sets are passed too.
  await storeAnswered();
  await vi.advanceTimersByTimeAsync(ms);
  await storeAnswered();
}

async function storeAnswered(): Promise<void> {
  // Microtasks first: a call set off just now reaches the database only a few awaits later.
  await vi.advanceTimersByTimeAsync(0);
  while (current && !storeIdle(current)) {
    await new Promise((resolve) => realTimeout(resolve, 1));
    await vi.advanceTimersByTimeAsync(0);
  }
}

async function setup() {
  const store = (current = await testStore());
  let now = Date.UTC(2026, 10, 23, 12);
  const clock = { now: () => now };
  const service = new GameService(store, games, () => 'seed', clock);
  const discord = fakeDiscord();
  const boards = fakeBoards();
  const announcer = new Announcer(discord.client, service, presenters, boards, createLogger('silent'), { firstMs: 2000, maxMs: 60_000 });
  const lobby = await service.openLobby({
    guildId: '9',
    channelId: '100',
    hostId: 'anne',
    hostName: 'Anne',
    gameId: 'shanghaien',
    options: {},
    locale: 'en',
    timeLimitMs: HOUR,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  await service.join(lobby.value.id, 'marc', 'Marc');
  const started = await service.start(lobby.value.id, 'anne');
  if (!started.ok) throw new Error(started.refusal);
  await store.setThread(lobby.value.id, '200');
  return { store, service, discord, announcer, id: lobby.value.id, advance: (ms: number) => (now += ms) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Announcer', () => {
  it('tries a failing post again with growing waits, for as long as it takes, and records it once out', async () => {
    const { discord, announcer, store, id } = await setup();
    let failures = 5;
    discord.failWith(() => (failures-- > 0 ? new Error('500: Internal Server Error') : null));
    await announcer.post(id);
    expect(discord.posts).toEqual([]);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(1);
    // Waits of 2, 4, 8, 16 s between the attempts, then the sixth goes out.
    for (const [wait, calls] of [
      [2000, 2],
      [4000, 3],
      [8000, 4],
      [16_000, 5],
    ] as const) {
      await passTimers(wait - 1);
      expect(discord.client.rest.post).toHaveBeenCalledTimes(calls - 1);
      await passTimers(1);
      expect(discord.client.rest.post).toHaveBeenCalledTimes(calls);
    }
    expect((await store.get(id))?.lastPostedSeq).toBe(-1);
    await passTimers(32_000);
    expect(discord.posts).toHaveLength(1);
    expect(discord.posts[0]).toMatchObject({ channel: '200', files: 1 });
    expect(discord.posts[0]?.content).toMatch(/The game begins!/);
    expect((await store.get(id))?.lastPostedSeq).toBe(0);
    // Nothing is owed any more: no further attempt.
    await passTimers(10 * 60_000);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(6);
  });

  it('tries a post whose answer was lost with the same nonce: Discord answers with the post it made, which is recorded and later trimmed', async () => {
    const { discord, announcer, store, service, id } = await setup();
    discord.loseAnswers(1);
    await announcer.post(id);
    expect(discord.posts).toHaveLength(1);
    expect((await store.get(id))?.lastPostedSeq).toBe(-1);
    // The retry: one post on Discord, now recorded as the game's board.
    await passTimers(2000);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(2);
    expect(discord.posts).toHaveLength(1);
    expect((await store.get(id))?.boardPost?.messageId).toBe(discord.posts[0]?.id);
    // A notice whose answer is lost alike: one notice.
    discord.loseAnswers(1);
    announcer.notify((await store.get(id)) as NonNullable<Awaited<ReturnType<typeof store.get>>>, 'Anne gave more time.');
    await passTimers(2000);
    expect(discord.posts.filter((p) => p.content === 'Anne gave more time.')).toHaveLength(1);
    expect(await store.notices.pending(id)).toEqual([]);
    // The next turn's post has a nonce of its own, and the first post is trimmed.
    const game = await service.load(id);
    if (!game) throw new Error();
    const seat = game.def.toAct(game.state)[0] as number;
    expect((await service.act(id, game.seats[seat]?.userId as string, game.row.version, 0)).ok).toBe(true);
    await announcer.post(id);
    const boards = discord.posts.filter((p) => p.files > 0);
    expect(new Set(boards.map((p) => p.nonce)).size).toBe(boards.length);
    expect(boards.length).toBeGreaterThan(1);
    expect((await store.get(id))?.postsToTrim).toEqual([]);
    expect(discord.client.rest.patch).toHaveBeenCalledWith(expect.stringContaining(`/messages/${discord.posts[0]?.id}`), expect.anything());
  });

  it("near Discord's global limit, posts go out while trims wait; they go out once there is room, and a game keeps only its newest few", async () => {
    const { discord, announcer, store, service, id } = await setup();
    let nearTheLimit = true;
    announcer.trimsWait = () => nearTheLimit;
    announcer.trimsKeptOwed = 3;
    await announcer.post(id);
    for (let turn = 0; turn < 5; turn++) {
      const game = await service.load(id);
      if (!game) throw new Error();
      const seat = game.def.toAct(game.state)[0] as number;
      expect((await service.act(id, game.seats[seat]?.userId as string, game.row.version, 0)).ok).toBe(true);
      await announcer.post(id);
    }
    const boards = discord.posts.filter((p) => p.files > 0).map((p) => p.id);
    // More than four board posts: some of the earlier ones are given up.
    expect(boards.length).toBeGreaterThan(4);
    expect(discord.client.rest.patch).not.toHaveBeenCalled();
    // The newest three earlier posts stay owed; the older ones keep their board.
    expect((await store.get(id))?.postsToTrim.map((p) => p.messageId)).toEqual(boards.slice(-4, -1));
    await announcer.catchUp();
    expect(discord.client.rest.patch).not.toHaveBeenCalled();
    // Still near the limit a second later: nothing; once below it, the held trims go out within a second, no sweep needed.
    await passTimers(1000);
    expect(discord.client.rest.patch).not.toHaveBeenCalled();
    nearTheLimit = false;
    await passTimers(1000);
    const trimmed = vi.mocked(discord.client.rest.patch).mock.calls.map(([route]) => /messages\/(\d+)/.exec(route as string)?.[1]);
    expect(trimmed).toEqual(boards.slice(-4, -1));
    expect((await store.get(id))?.postsToTrim).toEqual([]);
  });

  it('holds its retries and sweeps while Discord has refused too many requests, then goes on', async () => {
    const { discord, announcer, id } = await setup();
    let failures = 1;
    discord.failWith(() => (failures-- > 0 ? new Error('500: Internal Server Error') : null));
    announcer.holdRetries(Date.now() + 60_000);
    await announcer.post(id);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(1);
    // Not after the usual 2 s, nor by the sweep: only once the hold ends.
    await passTimers(30_000);
    await announcer.catchUp();
    expect(discord.client.rest.post).toHaveBeenCalledTimes(1);
    await passTimers(30_000);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(2);
    expect(discord.posts).toHaveLength(1);
  });

  it('leaves a thread that is gone for the game channel, says so there once, and posts there from then on', async () => {
    const { discord, announcer, store, service, id } = await setup();
    discord.failWith((channel) => (channel === '200' ? discordError(404, 10003, 'Unknown Channel') : null));
    await announcer.post(id);
    expect(discord.posts.map((p) => p.channel)).toEqual(['100', '100']);
    expect(discord.posts[0]?.content).toMatch(/thread is gone or closed to me, so \*\*Shanghaien\*\* #\d+ goes on here/);
    expect((await store.get(id))?.threadId).toBeNull();
    const game = await service.load(id);
    if (!game) throw new Error();
    const seat = game.def.toAct(game.state)[0] as number;
    const moved = await service.act(id, game.seats[seat]?.userId as string, game.row.version, 0);
    expect(moved.ok).toBe(true);
    await announcer.post(id);
    expect(discord.posts.map((p) => p.channel)).toEqual(['100', '100', '100']);
    expect(discord.posts.filter((p) => p.content.includes('goes on here'))).toHaveLength(1);
  });

  it('a game that is over and finds its thread gone posts what it owes in the channel, named, without saying it goes on there', async () => {
    const { discord, announcer, store, service, id } = await setup();
    await announcer.post(id);
    expect((await service.cancel(id, 'anne', true)).ok).toBe(true);
    discord.failWith((channel) => (channel === '200' ? discordError(404, 10003, 'Unknown Channel') : null));
    announcer.notify((await store.get(id)) as NonNullable<Awaited<ReturnType<typeof store.get>>>, 'The game was cancelled.');
    await passTimers(0);
    await announcer.idle();
    expect(discord.posts.slice(1)).toEqual([expect.objectContaining({ channel: '100', content: `**Shanghaien** #${id}\nThe game was cancelled.` })]);
  });

  it('names the game in the first line of every post that goes out of its thread, though it was made for the thread', async () => {
    const { discord, announcer, store, service, id } = await setup();
    await announcer.post(id);
    expect(discord.posts.map((p) => p.channel)).toEqual(['200']);
    const header = `**Shanghaien** #${id}`;
    const game = await service.load(id);
    if (!game) throw new Error();
    const seat = game.def.toAct(game.state)[0] as number;
    expect((await service.act(id, game.seats[seat]?.userId as string, game.row.version, 0)).ok).toBe(true);
    // The thread is deleted while the move's post is made for it: it goes to the channel, named.
    discord.failWith((channel) => (channel === '200' ? discordError(404, 10003, 'Unknown Channel') : null));
    await announcer.post(id);
    const [moved, board] = discord.posts.slice(1);
    expect(moved?.content).toMatch(/goes on here/);
    expect(board).toMatchObject({ channel: '100', files: 1 });
    expect(board?.content.split('\n')[0]).toBe(header);
    expect(board?.content.split('\n').filter((line) => line === header)).toHaveLength(1);
    // Cut down later, it still says which game it was.
    expect(((await store.get(id))?.boardPost as { summary: string } | null)?.summary.split('\n')[0]).toBe(header);
    // Notices in the channel are named too.
    announcer.notify((await store.get(id)) as NonNullable<Awaited<ReturnType<typeof store.get>>>, 'Anne gave more time.');
    await passTimers(0);
    await announcer.idle();
    expect(discord.posts.at(-1)).toMatchObject({ channel: '100', content: `${header}\nAnne gave more time.` });
  });

  it('names the game in a board post in words too, where it went out of its thread and may not attach files there', async () => {
    const { discord, announcer, service, id } = await setup();
    await announcer.post(id);
    const game = await service.load(id);
    if (!game) throw new Error();
    const seat = game.def.toAct(game.state)[0] as number;
    expect((await service.act(id, game.seats[seat]?.userId as string, game.row.version, 0)).ok).toBe(true);
    // The thread is deleted while the move's post is made for it, and the channel takes no files.
    discord.failWith((channel, withFiles) =>
      channel === '200' ? discordError(404, 10003, 'Unknown Channel') : withFiles ? discordError(403, 50013, 'Missing Permissions') : null,
    );
    await announcer.post(id);
    await announcer.idle();
    const board = discord.posts.find((p) => p.channel === '100' && /Shanghaien board\. /.test(p.content));
    expect(board).toMatchObject({ files: 0 });
    expect(board?.content.split('\n')[0]).toBe(`**Shanghaien** #${id}`);
  });

  it('pauses the deadlines of a game it can post nowhere for, and gives the time back once it can', async () => {
    const { discord, announcer, store, id, advance } = await setup();
    discord.failWith((channel) => (channel === '200' ? discordError(403, 50001, 'Missing Access') : discordError(403, 50013, 'Missing Permissions')));
    const before = await store.get(id);
    await announcer.post(id);
    const paused = await store.get(id);
    expect(paused?.unreachableSince).not.toBeNull();
    // Its deadline passes, but it is not due: the players could not be told it was their turn.
    advance(2 * HOUR);
    expect((await store.waits.dueDeadlines(Date.now() + 10 * HOUR)).map((r) => r.id)).not.toContain(id);
    expect((await store.waits.dueReminders(Date.now() + 10 * HOUR)).map((r) => r.id)).not.toContain(id);
    // The admin gives the bot its permission back; the next attempt posts and the wait moves on by the pause.
    discord.failWith(() => null);
    await passTimers(4000);
    const resumed = await store.get(id);
    // The thread is open to the bot again, so the game stays there.
    expect(discord.posts.map((p) => p.channel)).toEqual(['200']);
    expect(resumed?.unreachableSince).toBeNull();
    expect(resumed?.deadlineAt).toBe((before?.deadlineAt as number) + 2 * HOUR);
    expect(resumed?.reminderAt).toBe((before?.reminderAt as number) + 2 * HOUR);
  });

  it('a game that is over gives up what it owes once its thread and channel no longer exist, and says so once; a running game keeps trying', async () => {
    const { discord, store, service, id } = await setup();
    const logs: { msg: string; game?: number }[] = [];
    const announcer = new Announcer(
      discord.client,
      service,
      presenters,
      fakeBoards(),
      createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) }),
      { firstMs: 2000, maxMs: 60_000 },
    );
    // A moderator deletes the channel, and the thread with it.
    discord.failWith(() => discordError(404, 10003, 'Unknown Channel'));
    // Running: the game cannot be posted, its time pauses, and the post is tried again.
    await announcer.post(id);
    expect((await store.get(id))?.unreachableSince).not.toBeNull();
    await passTimers(2000);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(4);
    expect(announcer.postsOwed).toBe(1);
    // Cancelled: its notice and its opening post go nowhere, given up at the next attempt.
    expect((await service.cancel(id, 'anne', true)).ok).toBe(true);
    announcer.notify((await store.get(id)) as NonNullable<Awaited<ReturnType<typeof store.get>>>, 'The game was cancelled.');
    await passTimers(0);
    const calls = vi.mocked(discord.client.rest.post).mock.calls.length;
    await passTimers(24 * HOUR);
    await announcer.catchUp();
    expect(vi.mocked(discord.client.rest.post).mock.calls.length).toBe(calls);
    expect(announcer.postsOwed).toBe(0);
    expect(await service.posts.owing()).not.toContain(id);
    expect(await store.notices.pending(id)).toEqual([]);
    expect(logs.filter((l) => l.game === id && /given up/.test(l.msg))).toEqual([expect.objectContaining({ notices: 1 })]);
    expect(discord.posts).toEqual([]);
  });

  it('posts the board in words where it may not attach files, stays in its thread, and tells the host once, across a restart', async () => {
    const { discord, announcer, store, service, id } = await setup();
    // Discord refuses a file without Attach Files with the same 50013 as a place closed to the bot.
    discord.failWith((_, withFiles) => (withFiles ? discordError(403, 50013, 'Missing Permissions') : null));
    await announcer.post(id);
    await announcer.idle();
    expect(discord.posts.map((p) => [p.channel, p.files])).toEqual([
      ['200', 0],
      ['200', 0],
    ]);
    // The turn, then the board as its description says it.
    expect(discord.posts[0]?.content).toMatch(/The game begins![\s\S]*\n> Shanghaien board\. /);
    expect(discord.posts[1]?.content).toMatch(/^🖼️ I may not attach files in <#100>.*<@anne>.*\*\*Attach Files\*\*/);
    expect(await store.get(id)).toMatchObject({ threadId: '200', unreachableSince: null, lastPostedSeq: 0 });
    const move = async () => {
      const game = await service.load(id);
      if (!game) throw new Error('no game');
      const seat = game.def.toAct(game.state)[0] as number;
      expect((await service.act(id, game.seats[seat]?.userId as string, game.row.version, 0)).ok).toBe(true);
    };
    await move();
    await announcer.post(id);
    announcer.stop();
    await move();
    await new Announcer(discord.client, service, presenters, fakeBoards(), createLogger('silent')).post(id);
    expect(discord.posts.map((p) => p.channel).filter((c) => c !== '200')).toEqual([]);
    expect(discord.posts.filter((p) => p.content.includes('Attach Files'))).toHaveLength(1);
    expect(discord.posts.every((p) => p.files === 0)).toBe(true);
    // The permission comes back: the board has its picture again (the bot started again).
    discord.failWith(() => null);
    await move();
    await new Announcer(discord.client, service, presenters, fakeBoards(), createLogger('silent')).post(id);
    expect(discord.posts.at(-1)?.files).toBe(1);
  });

  it('removed from the server while a post is on its way: the game stays in its thread, unpaused by it, and nothing is retried', async () => {
    const { discord, announcer, store, id } = await setup();
    discord.failWith(() => {
      // Discord sends GUILD_DELETE as it refuses the post.
      announcer.absentGuilds.add('9');
      return discordError(403, 50001, 'Missing Access');
    });
    await announcer.post(id);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(1);
    expect((await store.get(id))?.threadId).toBe('200');
    expect((await store.get(id))?.unreachableSince).toBeNull();
    expect(announcer.postsOwed).toBe(0);
    await passTimers(HOUR);
    expect(discord.client.rest.post).toHaveBeenCalledTimes(1);
    // Back in the server, the post goes out where it belongs.
    announcer.absentGuilds.delete('9');
    discord.failWith(() => null);
    await announcer.post(id);
    expect(discord.posts.map((p) => p.channel)).toEqual(['200']);
  });

  it('keeps a notice in the database until it is posted, across a restart', async () => {
    const { discord, announcer, store, service, id } = await setup();
    await announcer.post(id);
    discord.failWith(() => new Error('503: Service Unavailable'));
    announcer.notify((await store.get(id)) as NonNullable<Awaited<ReturnType<typeof store.get>>>, 'Anne gave more time.');
    await passTimers(0);
    expect(await store.notices.pending(id)).toHaveLength(1);
    announcer.stop();
    // A new process: the notice is still owed and goes out with the catch-up.
    discord.failWith(() => null);
    const next = new Announcer(discord.client, service, presenters, fakeBoards(), createLogger('silent'));
    await next.catchUp();
    expect(discord.posts.at(-1)?.content).toBe('Anne gave more time.');
    expect(await store.notices.pending(id)).toEqual([]);
  });

  it('stopped while a board is drawn, posts nothing without its picture: the post stays owed for the next start', async () => {
    const { discord, store, service, id } = await setup();
    const lines: { level: number; msg: string }[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
    // The workers close at shutdown: a board being drawn is refused.
    let refuse: (error: Error) => void = () => undefined;
    const closing: BoardRenderer = { ...fakeBoards(), upload: () => new Promise((_, reject) => (refuse = reject)) };
    const announcer = new Announcer(discord.client, service, presenters, closing, logger);
    const posting = announcer.post(id);
    await vi.waitFor(() => expect(refuse).not.toBe(undefined));
    await passTimers(0);
    announcer.stop();
    refuse(new Error('the board workers are closed'));
    await posting;
    expect(discord.posts).toEqual([]);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect((await store.get(id))?.lastPostedSeq).toBe(-1);
    // The next start posts it, board and all.
    await new Announcer(discord.client, service, presenters, fakeBoards(), createLogger('silent')).post(id);
    expect(discord.posts.map((p) => p.files)).toEqual([1]);
  });
});
