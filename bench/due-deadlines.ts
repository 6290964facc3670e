/**
 * Ten thousand deadlines due at once: how long the scheduler holds the event loop (every click
 * waits that long), how fast it gets through them, and the memory it takes meanwhile.
 *
 * A database file gets 10,000 running Cartagena games of three people, all an hour past their
 * deadline, none owing a post. The bot's own scheduler, deadline keeper, service, store and
 * announcer then run in this process as in the bot; only Discord and the board workers are
 * stood in for: a post takes 40 ms to draw (in a worker, in the bot) and 60 ms to send, during
 * which the main thread is free, as it is in the bot. Two runs:
 *
 * 1. The "remove" policy: every absent player is removed; each game is committed and posted.
 * 2. The "auto-move" policy (the default): the bot plays for the absent players, thinking in its
 *    real worker thread at the "normal" level, for 60 s (thinking for 10,000 games takes hours by
 *    design; what matters is that nothing else waits). Meanwhile a running game's bot player asks
 *    the same worker for a decision every 3 s: its wait is what a game with bots sees.
 *
 * The event loop is watched by perf_hooks' monitorEventLoopDelay (10 ms resolution): its maximum
 * is the worst block. Memory is this process's resident set, sampled every 100 ms.
 * `npx tsx bench/due-deadlines.ts` runs it alone (about 3 minutes); `npm run bench` runs it too.
 * Nothing is asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Client } from 'discord.js';
import { pino } from 'pino';
import { openDatabase } from '../src/db/connection.js';
import { SettingsStore } from '../src/db/settings-store.js';
import { Storage } from '../src/db/storage.js';
import { games, presenters } from '../src/games/index.js';
import type { BoardRenderer } from '../src/games/board-renderer.js';
import { DeadlineKeeper } from '../src/service/deadlines.js';
import { GameService } from '../src/service/game-service.js';
import { Announcer } from '../src/discord/announcer.js';
import { Scheduler } from '../src/discord/scheduler.js';
import { WorkerThinker } from '../src/ai/thinker.js';
import { workerUrl } from '../src/worker-pool.js';
import { percentile } from './latency/common.js';
import { formatTable } from './table.js';
import { inOneWrite } from '../tests/support/one-write.js';

const GAMES = Number(process.env.DUE_GAMES ?? 10_000);
const HOUR = 3_600_000;
const DRAW_MS = 40;
const SEND_MS = 60;
const AUTO_MOVE_SECONDS = 60;

export interface DueRun {
  policy: string;
  games: number;
  /** Games timed out by the end of the run, and how long that took (ms). */
  done: number;
  ms: number;
  worstBlockMs: number;
  p99BlockMs: number;
  peakRssMb: number;
  /** Auto-move: a running game's bot decisions meanwhile (ms waited, thinking included). */
  botWaits?: number[];
}

export interface DueReport {
  buildMs: number;
  runs: DueRun[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 10,000 running games in a fresh file, an hour past their deadline; returns the file. */
async function build(dir: string, name: string): Promise<string> {
  const path = join(dir, `${name}.sqlite`);
  const db = openDatabase(path);
  const service = new GameService(new Storage(db, () => Date.now() - 2 * HOUR), games);
  await inOneWrite(db, async () => {
    for (let n = 0; n < GAMES; n++) {
      const lobby = await service.openLobby({
        guildId: 'g',
        channelId: 'c',
        hostId: `a${n}`,
        hostName: 'Anne',
        gameId: 'cartagena',
        options: { version: 'jamaica' },
        locale: 'nl',
        timeLimitMs: HOUR,
      });
      if (!lobby.ok) throw new Error(lobby.refusal);
      await service.join(lobby.value.id, `b${n}`, 'Bob');
      await service.join(lobby.value.id, `c${n}`, 'Cas');
      const started = await service.start(lobby.value.id, `a${n}`);
      if (!started.ok) throw new Error(started.refusal);
    }
  });
  // Everything told, deadlines an hour ago, reminders sent.
  db.$client.prepare('UPDATE games SET last_posted_seq = version, deadline_at = ?, reminder_at = NULL').run(Date.now() - HOUR);
  db.$client.close();
  return path;
}

/** Discord and the board workers, stood in for: time passes, the main thread is free. */
function standIns(): { client: Client; boards: BoardRenderer } {
  let message = 0;
  const rest = {
    post: async () => {
      await sleep(SEND_MS);
      return { id: String(++message), channel_id: 'c' };
    },
    patch: async () => sleep(SEND_MS),
  };
  const boards: BoardRenderer = {
    render: async () => (await sleep(DRAW_MS), Buffer.alloc(0)),
    upload: async () => (await sleep(DRAW_MS), { body: Buffer.alloc(64 * 1024), contentType: 'multipart/form-data; boundary=x' }),
    close: async () => undefined,
  };
  return { client: { rest, users: { fetch: () => Promise.reject(new Error('no DMs here')) } } as unknown as Client, boards };
}

async function run(path: string, policy: 'remove' | 'auto-move'): Promise<DueRun> {
  const db = openDatabase(path);
  const service = new GameService(new Storage(db), games);
  const settings = new SettingsStore(db);
  await settings.updateGuild('g', { deadlinePolicy: policy });
  const keeper = new DeadlineKeeper(service, settings, (gameId, events) => games[gameId as keyof typeof games].turnEnded(events));
  const logger = pino({ level: 'silent' });
  const { client, boards } = standIns();
  const announcer = new Announcer(client, service, presenters, boards, logger);
  const thinker = policy === 'auto-move' ? new WorkerThinker(workerUrl('../src/games/bot-worker', import.meta.url)) : null;
  const scheduler = new Scheduler({
    client,
    keeper,
    settings: { dmReminders: async (userId: string) => (await settings.member(userId)).dmReminders },
    announcer,
    presenters,
    logger,
    ...(thinker
      ? {
          standIn: async (due) => {
            const game = await service.load(due.id);
            if (!game) return undefined;
            const seats = game.def.toAct(game.state);
            const request = { gameId: game.row.gameId, state: game.state, seats, level: 'normal' as const, seed: `${game.row.seed}/absent` };
            return thinker.standIn(request).then((pairs) => new Map(pairs));
          },
        }
      : {}),
  });
  const timedOut = () => (db.$client.prepare("SELECT count(DISTINCT game_id) AS n FROM actions WHERE origin = 'timeout'").get() as { n: number }).n;

  const loop = monitorEventLoopDelay({ resolution: 10 });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  loop.enable();
  const start = performance.now();
  const botWaits: number[] = [];
  if (policy === 'remove') {
    await scheduler.tick();
    await announcer.idle();
  } else {
    // A game with a bot player elsewhere, asking the same worker every 3 s.
    const botGame = await service.load(1);
    const asking = setInterval(() => {
      if (!botGame) return;
      const asked = performance.now();
      const seat = botGame.def.toAct(botGame.state)[0] as number;
      void thinker
        ?.choose({ gameId: 'cartagena', state: botGame.state, seat, level: 'normal', seed: 'bench' }, -1)
        .then(() => botWaits.push(performance.now() - asked))
        .catch(() => undefined);
    }, 3000);
    const ticking = setInterval(() => void scheduler.tick(), 30_000);
    await scheduler.tick();
    await sleep(AUTO_MOVE_SECONDS * 1000);
    clearInterval(asking);
    clearInterval(ticking);
  }
  const ms = performance.now() - start;
  loop.disable();
  clearInterval(sampler);
  await scheduler.stop();
  await thinker?.close();
  await announcer.idle();
  announcer.stop();
  const done = timedOut();
  db.$client.close();
  return {
    policy,
    games: GAMES,
    done,
    ms,
    worstBlockMs: loop.max / 1e6,
    p99BlockMs: loop.percentile(99) / 1e6,
    peakRssMb: peakRss / 2 ** 20,
    ...(policy === 'auto-move' ? { botWaits } : {}),
  };
}

export async function measureDueDeadlines(): Promise<DueReport> {
  const dir = mkdtempSync(join(tmpdir(), 'harbour-due-'));
  try {
    const started = performance.now();
    const remove = await build(dir, 'remove');
    const buildMs = performance.now() - started;
    const autoMove = await build(dir, 'auto-move');
    return { buildMs, runs: [await run(remove, 'remove'), await run(autoMove, 'auto-move')] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatDueDeadlines(report: DueReport): string {
  const rows = [
    ['10,000 deadlines due at once', 'timed out', 'in', 'worst event-loop block (≤50 ms)', 'p99 block', 'peak RSS', 'a running game’s bot waits (p50 / max)'],
  ];
  for (const r of report.runs) {
    const waits =
      r.botWaits && r.botWaits.length > 0
        ? `${Math.round(
            percentile(
              [...r.botWaits].sort((a, b) => a - b),
              50,
            ),
          )} / ${Math.round(Math.max(...r.botWaits))} ms (${r.botWaits.length} decisions)`
        : '–';
    rows.push([
      `policy ${r.policy}`,
      `${r.done.toLocaleString('en')} of ${r.games.toLocaleString('en')}`,
      `${(r.ms / 1000).toFixed(1)} s`,
      `${r.worstBlockMs.toFixed(0)} ms`,
      `${r.p99BlockMs.toFixed(0)} ms`,
      `${r.peakRssMb.toFixed(0)} MB`,
      waits,
    ]);
  }
  return `${formatTable(rows)}\n(the games built in ${(report.buildMs / 1000).toFixed(0)} s; posts stood in for: ${DRAW_MS} ms to draw, ${SEND_MS} ms to send; auto-move watched for ${AUTO_MOVE_SECONDS} s)`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatDueDeadlines(await measureDueDeadlines()));
}
