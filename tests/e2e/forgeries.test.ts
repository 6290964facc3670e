/**
 * Interactions are data sent by a client: a custom id naming another server's game, a move id on a
 * public post, a command typed in a finished game's thread, options no Discord client would send,
 * a database locked by another process, a game whose stored state is broken. None of it crashes
 * the bot or changes anything it should not; each gets a clear private answer.
 */
import Database from 'better-sqlite3';
import { REST, Routes } from 'discord.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { choicesOf, makeChoice, mentionedUsers, nextBoardPost, openAndStart, resignFrom } from './play.js';
import { buildCommands } from '../../src/discord/commands.js';
import { presenters } from '../../src/games/index.js';
import { inDatabase } from './database-access.js';

let discord: FakeDiscord;
let anne: SimUser;
let marc: SimUser;
/** A member who may manage the other server, and nothing here. */
let mallory: SimUser;
let otherChannel: string;

const harness = useHarness('forgeries', ['anne', 'marc'], {
  guilds: [{ name: 'Harbour' }, { name: 'Elsewhere', channels: ['lounge'] }],
  env: { SCHEDULER_INTERVAL_MS: '200' },
});

beforeAll(async () => {
  ({
    discord,
    users: [anne, marc],
  } = harness);
  const other = discord.guilds()[1];
  if (!other) throw new Error('no second server');
  otherChannel = discord.channels(other.id)[0]?.id as string;
  mallory = discord.user('mallory', { guildId: other.id, manageGuild: true });
  // The commands everywhere, as `npm run deploy-commands` registers them.
  await new REST({ api: discord.apiBase }).setToken(harness.token).put(Routes.applicationCommands(discord.applicationId), { body: buildCommands(presenters) });
});

interface Row {
  status: string;
  version: number;
  deadline_at: number | null;
}

function row(id: number): Row {
  return inDatabase(harness.databasePath, (db) => {
    return db.prepare('SELECT status, version, deadline_at FROM games WHERE id = ?').get(id) as Row;
  });
}

function write(sql: string, ...params: unknown[]): void {
  return inDatabase(
    harness.databasePath,
    (db) => {
      db.prepare(sql).run(...params);
    },
    { readonly: false },
  );
}

const gameNumber = (post: StoredMessage) => Number(/#(\d+)/.exec(post.content)?.[1]);

async function runningShanghaien(timeLimit = 'none'): Promise<{ id: number; threadId: string; post: StoredMessage }> {
  const { threadId } = await openAndStart(discord, [anne, marc], { game: 'shanghaien', time_limit: timeLimit });
  const post = await nextBoardPost(discord, threadId, undefined);
  return { id: gameNumber(post), threadId, post };
}

describe('forged and out-of-place interactions', () => {
  it("another server's Manage Server counts for nothing here: a forged Cancel, Join, panel or log of this server's games changes and shows nothing", async () => {
    const game = await runningShanghaien();
    const lobby = (await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } })).message as StoredMessage;
    const lobbyId = Number(buttonsOf(lobby)[0]?.customId?.split(':')[1]);
    const theirs = (await mallory.slash('game', { subcommand: 'new', options: { game: 'cartagena' }, channelId: otherChannel })).message as StoredMessage;

    for (const customId of [`cancel:${game.id}`, `start:${lobbyId}`, `join:${lobbyId}`, `log:${game.id}:0:n`, `act:${game.id}:${row(game.id).version}:0`]) {
      const forged = await mallory.forgeComponent(theirs, { customId });
      expect(forged.ephemeral, customId).toBe(true);
      expect(forged.content, customId).toMatch(/I cannot find that game/);
    }
    // A player of the game, clicking from the other server, sees nothing of it there either.
    const peek = await anne.forgeComponent(theirs, { customId: `panel:${game.id}` });
    expect(peek.content).toMatch(/I cannot find that game/);
    const board = await mallory.slash('game', { subcommand: 'board', options: { id: game.id }, channelId: otherChannel });
    expect(board.content).toMatch(/no game of yours here/);
    expect(row(game.id).status).toBe('running');
    expect(row(lobbyId).status).toBe('lobby');
    expect(discord.messages(game.threadId).filter((m) => m.content.includes('cancelled'))).toEqual([]);

    // In this server too, a component works only on its own message: a move id forged onto the
    // public post does not replace the post with a panel, and Cancel is not a button of that post.
    const [player] = mentionedUsers(game.post, [anne, marc]) as [SimUser];
    const before = discord.message(game.post.id).content;
    const onPost = await player.forgeComponent(game.post, { customId: `act:${game.id}:${row(game.id).version}:0` });
    expect(onPost.content).toMatch(/This button is no longer in use/);
    expect(discord.message(game.post.id).content).toBe(before);
    const admin = discord.user('harbourmaster', { manageGuild: true });
    const cancelOnPost = await admin.forgeComponent(game.post, { customId: `cancel:${game.id}` });
    expect(cancelOnPost.ephemeral).toBe(true);
    expect(row(game.id).status).toBe('running');
    expect(row(game.id).version).toBe(0);
    discord.assertInteractionsHealthy();
  });

  it("/game resign, board and cancel typed in a finished game's thread act on that game, never on another", async () => {
    const finished = await runningShanghaien();
    const other = await runningShanghaien();
    const left = await resignFrom(marc, finished.threadId);
    expect(left.content).toBe('You left the game.');
    await discord.waitFor(() => (row(finished.id).status === 'finished' ? true : null), { what: 'the game to finish' });

    const resign = await anne.slash('game', { subcommand: 'resign', channelId: finished.threadId });
    expect(resign.ephemeral).toBe(true);
    expect(resign.content).toMatch(/not running any more/);
    const cancel = await anne.slash('game', { subcommand: 'cancel', channelId: finished.threadId });
    expect(cancel.content).toMatch(/not running any more/);
    const board = await anne.slash('game', { subcommand: 'board', channelId: finished.threadId });
    expect(board.messages[0]?.content).toContain(`#${finished.id}`);
    expect(row(other.id)).toMatchObject({ status: 'running', version: 0 });
    // Outside any game's place, resigning names no game by guessing: the player must say which.
    const elsewhere = await anne.slash('game', { subcommand: 'resign', channelId: discord.channel('games').id });
    expect(elsewhere.content).toMatch(/no game of yours here/);
    // And asked in the right thread, it asks first; "No" keeps him in.
    const asked = await anne.slash('game', { subcommand: 'resign', channelId: other.threadId });
    const kept = await anne.click(asked.message as StoredMessage, { label: 'No, keep playing' });
    expect(kept.content).toBe('You stay in the game.');
    expect(row(other.id)).toMatchObject({ status: 'running', version: 0 });
  });

  it('options no Discord client would send are refused in plain words, and nothing changes', async () => {
    const game = await runningShanghaien('1h');
    const deadline = row(game.id).deadline_at;
    for (const hours of [-48, 0, 100_000]) {
      const extend = await anne.slash('game', { subcommand: 'extend', options: { hours, id: game.id }, channelId: game.threadId, unchecked: true });
      expect(extend.ephemeral).toBe(true);
      expect(extend.content).toBe('Give a number of hours from 1 to 168 (a week).');
    }
    expect(row(game.id).deadline_at).toBe(deadline);
    expect(row(game.id).version).toBe(0);
    const refusals: [string, { subcommand?: string; options: Record<string, string | number> }, RegExp][] = [
      ['game', { subcommand: 'new', options: { game: '__proto__' } }, /I do not know that game/],
      ['game', { subcommand: 'new', options: { game: 'constructor' } }, /I do not know that game/],
      ['game', { subcommand: 'new', options: { game: 'shanghaien', variant: 'x'.repeat(3000) } }, /value for "variant" is not valid/],
      ['game', { subcommand: 'new', options: { game: 'shanghaien', language: '__proto__', time_limit: 'constructor' } }, /not valid for this game/],
      ['game', { subcommand: 'board', options: { id: 0 } }, /value for "id" is not valid/],
      ['game', { subcommand: 'board', options: { id: 2 ** 62 } }, /value for "id" is not valid/],
      ['game', { subcommand: 'log', options: { from: -5 } }, /value for "from" is not valid/],
      ['rules', { options: { game: '__proto__' } }, /I do not know that game/],
      ['leaderboard', { options: { game: 'constructor' } }, /I do not know that game/],
    ];
    for (const [command, options, expected] of refusals) {
      const answer = await anne.slash(command, { ...options, channelId: game.threadId, unchecked: true });
      expect(answer.ephemeral, JSON.stringify(options)).toBe(true);
      expect(answer.content, JSON.stringify(options)).toMatch(expected);
    }
    const rules = await anne.slash('rules', { options: { game: 'cartagena' } });
    expect(rules.ephemeral).toBe(true);
    expect(harness.bot.logs().filter((l) => l.msg === 'interaction failed')).toEqual([]);
    discord.assertInteractionsHealthy();
  });

  it('while another process holds the database, a move is answered "busy" within 3 s; reading goes on; then the move works', async () => {
    const game = await runningShanghaien();
    const [player] = mentionedUsers(game.post, [anne, marc]) as [SimUser];
    const panel = (await player.click(game.post, { prefix: 'panel:' })).message as StoredMessage;
    const choice = choicesOf(panel)[0];
    if (!choice) throw new Error('no choice');
    const db = new Database(harness.databasePath);
    db.prepare('BEGIN IMMEDIATE').run();
    try {
      const busy = await makeChoice(player, panel, choice);
      expect(busy.ephemeral).toBe(true);
      expect(busy.messages.at(-1)?.content).toMatch(/busy for a moment; nothing was changed/);
      const rules = await anne.slash('rules', { options: { game: 'shanghaien' } });
      expect(rules.ephemeral).toBe(true);
      const board = await anne.slash('game', { subcommand: 'board', options: { id: game.id } });
      expect(board.messages[0]?.attachments.length).toBe(1);
    } finally {
      db.prepare('ROLLBACK').run();
      db.close();
    }
    expect(row(game.id).version).toBe(0);
    const moved = await makeChoice(player, panel, choice);
    expect(moved.callbackType).toBe(7);
    expect(row(game.id).version).toBe(1);
    discord.assertInteractionsHealthy();
  });

  it('a game whose stored state is broken does not stop the deadlines of the others', async () => {
    const broken = await runningShanghaien('1h');
    const healthy = await runningShanghaien('1h');
    write(`UPDATE games SET state = '{"broken":true}' WHERE id = ?`, broken.id);
    write('UPDATE games SET deadline_at = ? WHERE id IN (?, ?)', Date.now() - 1000, broken.id, healthy.id);
    const timedOut = await nextBoardPost(discord, healthy.threadId, healthy.post);
    expect(timedOut.content).toMatch(/time ran out/);
    await discord.waitFor(() => harness.bot.logs().find((l) => l.game === broken.id && (l.level as number) >= 50) ?? null, {
      what: 'the broken game to be logged',
    });
    expect(row(broken.id).status).toBe('running');
  });
});
