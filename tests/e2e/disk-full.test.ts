/**
 * A disk that fills up for real: the database lives on a small tmpfs of the test's own, filled with
 * a big file. A move then gets a plain answer and changes nothing; once there is room the same
 * move is made. A bot started on the full disk says so in one line.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BotProcess } from './bot-process.js';
import { useHarness } from './harness.js';
import { chooseMove, mentionedUsers, nextBoardPost, openAndStart } from './play.js';
import type { SimUser, StoredMessage } from './server/index.js';
import { inDatabase } from './database-access.js';

const DISK_FULL_ANSWER =
  "The bot's disk is full, so nothing could be saved: your move or request was not carried out. Let whoever runs the bot know, then try again.";

let disk: string;
let databasePath: string;
let env: Record<string, string>;

// The bot starts on a small tmpfs of this file's own, mounted first and unmounted once it stopped.
const harness = useHarness('disk-full', ['anne', 'marc'], () => {
  if (process.getuid?.() !== 0) throw new Error('This test mounts a small tmpfs to fill it up, which needs root: run the e2e tests as root (CI does).');
  disk = mkdtempSync(join(tmpdir(), 'harbour-e2e-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', disk]);
  databasePath = join(disk, 'games.sqlite');
  // Backups off: the disk holds the database and nothing else of the bot's.
  env = { DATABASE_PATH: databasePath, BACKUP_INTERVAL_HOURS: '0' };
  return {
    env,
    afterStop: () => {
      execFileSync('umount', [disk]);
      rmSync(disk, { recursive: true, force: true });
    },
  };
});

/** Fills the disk to the last byte with a file; returns its path (delete it to make room). */
function fillDisk(): string {
  const path = join(disk, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    // Short writes fill the last bytes; then the disk says ENOSPC.
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return path;
}

/** What the database holds of a game: its row and its logged actions. */
function stored(gameId: number): { game: unknown; actions: unknown[] } {
  return inDatabase(
    databasePath,
    (db) => {
      return {
        game: db.prepare('SELECT version, state, status FROM games WHERE id = ?').get(gameId),
        actions: db.prepare('SELECT * FROM actions WHERE game_id = ?').all(gameId),
      };
    },
    { readonly: true, fileMustExist: true },
  );
}

/** The bot's log line that it is starting, with its version and settings. */
function isStartLine(line: string): boolean {
  try {
    return (JSON.parse(line) as { msg?: unknown }).msg === 'starting';
  } catch {
    return false;
  }
}

/** Makes the move a simple player would in his panel. */
async function move(player: SimUser, panel: StoredMessage) {
  const choice = chooseMove(panel);
  if (!choice) throw new Error('the panel offers no move');
  return 'button' in choice ? player.click(panel, choice.button) : player.select(panel, choice.select, [choice.value]);
}

describe('a full disk', () => {
  it('refuses a move in plain words and changes nothing; with room again the same move is made', async () => {
    const {
      discord,
      bot,
      users: [anne, marc],
    } = harness;
    const { threadId } = await openAndStart(discord, [anne, marc], { game: 'cartagena' });
    const post = await nextBoardPost(discord, threadId, undefined);
    const [player] = mentionedUsers(post, [anne, marc]) as [SimUser];
    const panel = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
    const gameId = Number(/^#(\d+)/.exec(panel.content)?.[1]);
    const before = stored(gameId);

    const filler = fillDisk();
    const refused = await move(player, panel);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toBe(DISK_FULL_ANSWER);
    expect(stored(gameId)).toEqual(before);
    // Logged once, for the operator (its line may reach us after the answer).
    const told = () => bot.logs().filter((line) => typeof line.msg === 'string' && line.msg.startsWith('the disk is full'));
    await discord.waitFor(() => told().length > 0, { what: 'the bot to log the full disk', timeoutMs: 10_000 });
    const operatorLine = expect.objectContaining({
      level: 50,
      msg: `the disk is full, so a change was refused and nothing of it was saved; free some space on the disk that holds ${disk}`,
      error: 'SQLITE_FULL: database or disk is full',
    });
    expect(told()).toEqual([operatorLine]);

    rmSync(filler);
    const made = await move(player, panel);
    expect(made.callbackType).toBe(7); // the panel, updated in place
    expect(made.message?.content).not.toBe(DISK_FULL_ANSWER);
    const after = stored(gameId);
    expect(after.actions).toHaveLength(before.actions.length + 1);
    expect((after.game as { version: number }).version).toBe((before.game as { version: number }).version + 1);
    expect(told()).toEqual([operatorLine]);
  });

  it.each([
    ['closed by the bot', () => undefined],
    // Its -wal and -shm files are there: opening takes no room, the first write does.
    ['open in another program', () => new Database(databasePath).exec('SELECT 1')],
  ])('stops a bot started on it with one line, the database %s', async (_, otherProgram) => {
    await harness.bot.stop();
    const other = otherProgram();
    const filler = fillDisk();
    try {
      const bot = new BotProcess({ ...harness.discord.botEnv(), ...env });
      bot.start();
      expect(await bot.exited(30_000)).toBe(1);
      // Its start line (version and settings) may come first; then the one sentence, no stack.
      const printed = bot.output.filter((line) => !isStartLine(line));
      expect(printed, bot.output.join('\n')).toHaveLength(1);
      expect(printed[0]).toMatch(
        new RegExp(
          `^Cannot start: the database file ${databasePath} cannot be written: the disk is full \\((SQLITE_FULL|SQLITE_IOERR_\\w+|ENOSPC)\\b[^)]*\\); free some space on the disk that holds ${disk}$`,
        ),
      );
    } finally {
      other?.close();
      rmSync(filler);
    }
  });
});
