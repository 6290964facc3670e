/**
 * The README's commands, run as a newcomer runs them: on a fresh checkout (the project's files,
 * without node_modules, dist/, data or .env), `.env.example` copied with a token filled in,
 * `scripts/start.sh` sets up, builds and starts the bot; a game is played; SIGTERM stops it and
 * nothing it started is left running. Then `npm start` (no second build), a production install
 * that runs the build made before, and what happens without any build.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from './bot-process.js';
import { assertLogHygiene, secretsOf } from './log-hygiene.js';
import { npmScript } from './npm-script.js';
import { playAgainstBots, randomFrom } from './play.js';
import { seedGames } from './seed.js';
import { startFakeDiscord, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';

const root = resolve(import.meta.dirname, '../..');
const token = 'e2e-token.start.secret-part';
/** Setting up a fresh checkout compiles canvas and better-sqlite3 (about two minutes here) and builds. */
const SETUP_MS = 12 * 60_000;

let checkout: string;
let discord: FakeDiscord;
let anne: SimUser;
const started: BotProcess[] = [];

/** The project's files as a fresh clone has them: tracked, or new and not ignored. */
function freshCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'harbour-checkout-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(root, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  return dir;
}

/** `.env.example` as it is, with the token, the local Discord and its server filled in. */
function writeEnv(dir: string): void {
  const filled: Record<string, string> = { ...discord.botEnv(), DISCORD_DEV_GUILD_ID: discord.guild.id };
  const lines = readFileSync(join(dir, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => {
      const name = /^([A-Z_]+)=$/.exec(line)?.[1];
      return name && filled[name] !== undefined ? `${name}=${filled[name]}` : line;
    });
  writeFileSync(join(dir, '.env'), lines.join('\n'));
}

/** Starts one of the README's commands in the checkout, with nothing from this test's environment but PATH and HOME. */
function startCommand(command: [string, ...string[]]): BotProcess {
  const bot = new BotProcess({}, { command, cwd: checkout, withoutRuntimeEnv: true });
  started.push(bot);
  bot.start();
  return bot;
}

/** Stops what a command started with `signal`, and checks it exited cleanly and left nothing running. */
async function stopCleanly(bot: BotProcess, signal: 'SIGTERM' | 'SIGINT'): Promise<void> {
  const outcome = await bot.stop(signal);
  expect(outcome, bot.output.slice(-15).join('\n')).toBe(0);
  expect(bot.leftovers()).toEqual([]);
}

beforeAll(async () => {
  checkout = freshCheckout();
  discord = await startFakeDiscord({ botToken: token });
  anne = discord.user('anne');
  writeEnv(checkout);
});

// A test that failed half-way leaves no bot holding the database for the next one.
afterEach(async () => {
  for (const bot of started) await bot.stop();
});

afterAll(async () => {
  await discord?.stop();
  const secrets = secretsOf(discord, token);
  for (const bot of started) assertLogHygiene(bot.output, secrets);
  rmSync(checkout, { recursive: true, force: true });
});

describe("the README's commands on a fresh checkout", () => {
  it(
    'scripts/start.sh sets up, builds and starts the bot from .env.example plus a token; a game is played; SIGTERM stops it, leaving nothing running',
    async () => {
      const bot = startCommand(['scripts/start.sh']);
      await discord.waitForBotReady({ timeoutMs: SETUP_MS });
      await discord.waitForCommands(['game', 'games', 'rules'], { timeoutMs: 30_000 });
      expect(bot.output.join('\n')).toContain('Building the bot');

      // The script became the bot (exec all the way down), with the deployed memory settings.
      const pid = bot.pid as number;
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1, 2)).toEqual(['dist/index.js']);
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=131072');
      expect(environment).toContain('NODE_OPTIONS=--max-old-space-size=192');

      seedGames(join(checkout, 'data', 'games.sqlite'));
      const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien', bots: 1, bot_level: 'easy' } });
      const lobby = opened.message as StoredMessage;
      const start = await anne.click(lobby, { label: 'Start' });
      const thread = await discord.waitForThread((th) => th.id === start.message?.id);
      const final = await playAgainstBots(discord, anne, thread.id, randomFrom(3));
      expect(final.content).toMatch(/The game is over/);
      discord.assertInteractionsHealthy();

      await stopCleanly(bot, 'SIGTERM');
      expect(existsSync(join(checkout, 'data', 'games.sqlite'))).toBe(true);
    },
    SETUP_MS + 5 * 60_000,
  );

  it('npm start runs what was built without building again; Ctrl-C (SIGINT to npm) stops the bot', async () => {
    const identified = discord.botStatus.identifyCount;
    const bot = startCommand(['npm', 'start']);
    await discord.waitForBotReady({ afterIdentifyCount: identified, timeoutMs: 60_000 });
    // The same database: the game played before is counted.
    const stats = await anne.slash('stats');
    expect(stats.content).toMatch(/Shanghaien/);
    expect(bot.output.join('\n')).not.toContain('Building the bot');
    await stopCleanly(bot, 'SIGINT');
  });

  it('npm run dev runs the sources with readable logs; SIGTERM to npm stops the bot, leaving nothing running', async () => {
    const identified = discord.botStatus.identifyCount;
    const bot = startCommand(['npm', 'run', 'dev']);
    await discord.waitForBotReady({ afterIdentifyCount: identified, timeoutMs: 60_000 });
    // pino-pretty's lines, not JSON (written by its own thread, so they may come a moment later).
    await discord.waitFor(() => bot.output.some((line) => /^\[[\d:.]+\] INFO: connected to Discord$/.test(line)), {
      what: 'a readable log line',
      timeoutMs: 10_000,
    });
    expect(bot.logs()).toEqual([]);
    await stopCleanly(bot, 'SIGTERM');
  });

  it('a production install runs the build made before; npm run restore runs from it; without a build, npm start says what to do', async () => {
    // The README's sequence: build with the development tools, then drop them.
    execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: checkout, stdio: 'pipe' });
    expect(existsSync(join(checkout, 'node_modules/typescript'))).toBe(false);
    expect(existsSync(join(checkout, 'node_modules/tsx'))).toBe(false);
    // A source newer than the build cannot be compiled now: the build is run as it is, with a note.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(checkout, 'src/index.ts'), later, later);

    const identified = discord.botStatus.identifyCount;
    const bot = startCommand(['npm', 'start']);
    await discord.waitForBotReady({ afterIdentifyCount: identified, timeoutMs: 60_000 });
    expect(bot.output.join('\n')).toContain('dist/ is older than src/, and TypeScript is not installed');
    await stopCleanly(bot, 'SIGTERM');

    // The restore runs from dist/ too: it names the newest backup (the bot made one at its first
    // start), and puts it back.
    const usage = await npmScript('restore', [], {}, checkout);
    expect(usage.code).toBe(1);
    // After the note that the build is older than the sources (the restore runs from it all the same).
    expect(usage.stderr[0]).toMatch(/^Note: dist\/ is older than src\//);
    const newest = /^Usage: npm run restore -- FILE \(the newest backup is (\S+)\)\.$/.exec(usage.stderr[1] ?? '')?.[1];
    expect(newest, usage.stderr.join('\n')).toMatch(/^data\/backups\/games-[\dT-]+Z\.sqlite$/);
    const restored = await npmScript('restore', [newest as string], {}, checkout);
    expect(restored.stdout).toEqual([expect.stringMatching(/^Restored .* as \.\/data\/games\.sqlite; the database it replaces was kept as /)]);
    expect(restored.code).toBe(0);

    rmSync(join(checkout, 'dist'), { recursive: true });
    const unbuilt = await npmScript('start', [], {}, checkout);
    expect(unbuilt.code).toBe(1);
    expect(unbuilt.stderr).toEqual([
      'Cannot start: there is no build in dist/, and TypeScript is not installed to make one. Build first (npm ci && npm run build), then install for production (npm ci --omit=dev); see README.md, Running.',
    ]);
  });
});
