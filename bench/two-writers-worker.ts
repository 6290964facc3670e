/**
 * One of the writers of bench/two-writers.ts, run as its own process (`node --import tsx`). It
 * opens the shared database as the bot does (./two-writers/store.ts: a SQLite file, or a
 * PostgreSQL database through a pool of its own) and, for each task the parent sends, plays
 * through the real GameService/Storage (its own games opened first, then told 'prepared'; from
 * the `startAt` the parent then gives every writer) for `durationMs`, then answers with what
 * it did: actions committed (each as game, seq and seat, for the parent's check), refusals, the
 * time each transaction waited for SQLite's write lock, the errors tried again.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { Storage, StaleVersion } from '../src/db/storage.js';
import { games } from '../src/games/index.js';
import { nextUint32, seedRng } from '../src/engine/index.js';
import { GameService, type LoadedGame } from '../src/service/game-service.js';
import type { GameCase, Quantiles, WorkerResult, WorkerTask } from './two-writers/report.js';
import { openBenchStore, retriedCode, POOL_SIZE, type StoreTarget } from './two-writers/store.js';

/** A transaction that waited at least this long for BEGIN IMMEDIATE is counted as a lock wait. */
const WAITED_MS = 0.5;
const DAY = 24 * 60 * 60 * 1000;

const target = process.env.TWO_WRITERS_STORE;
if (!target || !process.send) throw new Error('two-writers-worker: run by bench/two-writers.ts');
const bench = await openBenchStore(JSON.parse(target) as StoreTarget);

/**
 * Every action's commit goes through here, the root store's and a transaction's (whose `tx` is a
 * Storage of its own, so the class is watched): counts the refusals of the version guard itself,
 * each once however many commits it passes through on its way out.
 */
let guardStale = 0;
const countedStale = new WeakSet<StaleVersion>();
// eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped below and called with .apply(this), never unbound
const commitAction = Storage.prototype.commitAction;
Storage.prototype.commitAction = async function (this: Storage, ...args: Parameters<Storage['commitAction']>) {
  try {
    return await commitAction.apply(this, args);
  } catch (error) {
    if (error instanceof StaleVersion && !countedStale.has(error)) {
      countedStale.add(error);
      guardStale++;
    }
    throw error;
  }
};

const store = bench.store;
const service = new GameService(store, games);

/**
 * Times the write lock of every transaction on the connection: the store's BEGIN IMMEDIATE waits
 * for it (the time that statement takes is the wait) and holds it until COMMIT or ROLLBACK is
 * over. The store sends them through the driver, executed or prepared, as it does every statement.
 */
const lockWaits: number[] = [];
const lockHolds: number[] = [];
function timeLockWaits(client: Database.Database): void {
  const begins = /^\s*BEGIN\b/i;
  const ends = /^\s*(COMMIT|END)\b|^\s*ROLLBACK\s*(TRANSACTION\s*)?;?\s*$/i;
  let begun = Number.NaN;
  const timed = <T>(source: string, run: () => T): T => {
    if (begins.test(source)) {
      const called = performance.now();
      const result = run();
      begun = performance.now();
      lockWaits.push(begun - called);
      return result;
    }
    if (!ends.test(source)) return run();
    try {
      return run();
    } finally {
      if (Number.isFinite(begun)) lockHolds.push(performance.now() - begun);
      begun = Number.NaN;
    }
  };
  const exec = client.exec.bind(client);
  client.exec = (source: string) => timed(source, () => exec(source));
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    const statement = prepare(source);
    if (begins.test(source) || ends.test(source)) {
      const run = statement.run.bind(statement);
      statement.run = (...params: unknown[]) => timed(source, () => run(...params));
    }
    return statement;
  }) as typeof client.prepare;
}
if (bench.sqlite) timeLockWaits(bench.sqlite);
// PostgreSQL: the pool's connections opened before the first task, not in its time.
await Promise.all(Array.from({ length: POOL_SIZE }, () => bench.runningGames('warm-up', 1)));

/** Errors tried again, by code and the write that met them ('SQLITE_BUSY act', '40P01 start', ...). */
let busyErrors: Record<string, number> = {};
/** Runs a write again while the store says to try again (the bot would answer "try again"), counting. */
async function retryBusy<T>(what: string, write: () => T | Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await write();
    } catch (error) {
      const code = retriedCode(error);
      if (!code) throw error;
      busyErrors[`${code} ${what}`] = (busyErrors[`${code} ${what}`] ?? 0) + 1;
    }
  }
}

function quantiles(xs: number[]): Quantiles {
  const sorted = Float64Array.from(xs).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

async function run(task: WorkerTask): Promise<WorkerResult> {
  const rng = seedRng(`two-writers-${task.kind}-${task.worker}`);
  const pick = (n: number) => nextUint32(rng) % n;
  const committed: number[] = [];
  const refusals: Record<string, number> = {};
  let acts = 0;
  let writes = 0;
  let wholeGames = 0;
  lockWaits.length = 0;
  lockHolds.length = 0;
  busyErrors = {};
  const clicks: number[] = [];
  const commits: number[] = [];
  guardStale = 0;
  const guild = `${task.tag}w${task.worker}`;

  const openGame = async (c: GameCase, guildId: string): Promise<LoadedGame> => {
    const host = 'u0';
    const lobby = await retryBusy('openLobby', () =>
      service.openLobby({ guildId, channelId: 'c', hostId: host, hostName: host, gameId: c.id, options: c.options, locale: 'en', timeLimitMs: DAY }),
    );
    if (!lobby.ok) throw new Error(lobby.refusal);
    const id = lobby.value.id;
    await retryBusy('setLobbyMessage', () => store.setLobbyMessage(id, `m${id}`));
    for (let s = 1; s < c.seats; s++) await retryBusy('join', () => service.join(id, `u${s}`, `u${s}`));
    const started = await retryBusy('start', () => service.start(id, host));
    if (!started.ok) throw new Error(started.refusal);
    await retryBusy('setThread', () => store.setThread(id, `t${id}`));
    writes += c.seats + 3;
    return started.value;
  };

  /**
   * A click on a panel: the one `shown` (the answer to the previous move), else one loaded now;
   * a legal action of a seat to act is chosen and acted.
   */
  const click = async (id: number, shown?: LoadedGame): Promise<{ game: LoadedGame; posted: boolean; refused?: true } | undefined> => {
    const clicked = performance.now();
    const panel = shown ?? (await service.load(id));
    if (panel?.row.status !== 'running') return undefined;
    const toAct = panel.def.toAct(panel.state);
    const seat = toAct[pick(toAct.length)] as number;
    const legal = panel.def.legalActions(panel.state, seat);
    const acting = performance.now();
    const outcome = await retryBusy('act', () => service.act(id, panel.seats[seat]?.userId as string, panel.row.version, pick(legal.length)));
    const done = performance.now();
    commits.push(done - acting);
    clicks.push(done - clicked);
    writes++;
    if (!outcome.ok) {
      refusals[outcome.refusal] = (refusals[outcome.refusal] ?? 0) + 1;
      return { game: panel, posted: false, refused: true };
    }
    acts++;
    committed.push(id, outcome.value.seq, outcome.value.seat);
    return { game: outcome.value.game, posted: outcome.value.result !== null || outcome.value.game.def.turnEnded(outcome.value.events) };
  };

  const cases = task.cases;
  // 'own': ten games of its own, opened before the start, shared among its loops (each loop clicks
  // its own in turn: never two clicks on one game at once); a finished one is replaced by a new one.
  const own = cases[0] as GameCase;
  const slotsOfLoops: number[][] = [];
  if (task.kind === 'own') {
    for (let l = 0; l < task.loops; l++) {
      const slots: number[] = [];
      for (let i = 0; i < Math.ceil(10 / task.loops); i++) slots.push((await openGame(own, guild)).row.id);
      slotsOfLoops.push(slots);
    }
  }
  const startAt = await toldToStart();
  const until = startAt + task.durationMs;
  await sleep(Math.max(0, startAt - Date.now() - 20));
  while (Date.now() < startAt) {
    // the last milliseconds spun: every writer begins together
  }
  const start = performance.now();
  const cpu = process.cpuUsage();
  // What opening the games before the start met is not the case's.
  lockWaits.length = 0;
  lockHolds.length = 0;
  busyErrors = {};
  writes = 0;
  if (task.kind === 'own') {
    const loop = async (slots: number[]): Promise<void> => {
      let due = performance.now();
      // The panel each slot's last answer showed (answered clicks only).
      const answers = new Map<number, LoadedGame>();
      for (let i = 0; Date.now() < until; i++) {
        // Paced: clicks arrive at random (a Poisson process of the loop's share of the rate), else as fast as possible.
        if (task.rate > 0) {
          due += (-Math.log(1 - nextUint32(rng) / 2 ** 32) * 1000 * task.loops) / task.rate;
          const wait = due - performance.now();
          if (wait >= 1) await sleep(wait);
        }
        const slot = i % slots.length;
        const clicked = await click(slots[slot] as number, answers.get(slot));
        if (!clicked) slots[slot] = (await openGame(own, guild)).row.id;
        // A refused click's panel is out of date: the next one is loaded.
        if (task.answered && clicked && !clicked.refused) answers.set(slot, clicked.game);
        else answers.delete(slot);
      }
    };
    await Promise.all(slotsOfLoops.map(loop));
  } else if (task.kind === 'same') {
    // The first few running games of the pool the parent opened, the same for both writers.
    let window: number[] = [];
    for (let i = 0; Date.now() < until; i++) {
      if (i % 32 === 0) window = await bench.runningGames(task.pool, task.window);
      if (window.length === 0) break; // the pool is used up
      if (!(await click(window[pick(window.length)] as number))) window = await bench.runningGames(task.pool, task.window);
    }
  } else {
    // Whole games one after the other, the cases in turn: lobby, joins, start, moves to the end,
    // and the announcer's record of each post (markPosted), as the bot writes them.
    for (let g = task.worker; Date.now() < until; g++) {
      const game = await openGame(cases[g % cases.length] as GameCase, guild);
      const id = game.row.id;
      await retryBusy('markPosted', () => store.posts.markPosted(id, 0, { channelId: `t${id}`, messageId: `p${id}-0`, summary: 'opening' }));
      writes++;
      for (let step = 0; Date.now() < until; step++) {
        const clicked = await click(id);
        if (!clicked) {
          wholeGames++;
          break;
        }
        if (clicked.posted) {
          const seq = clicked.game.row.version;
          await retryBusy('markPosted', () => store.posts.markPosted(id, seq, { channelId: `t${id}`, messageId: `p${id}-${seq}`, summary: 'turn' }));
          writes++;
        }
      }
    }
  }
  const elapsedMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const waited = lockWaits.filter((ms) => ms >= WAITED_MS);
  return {
    worker: task.worker,
    elapsedMs,
    cpuMs: (used.user + used.system) / 1000,
    acts,
    writes,
    wholeGames,
    refusals,
    guardStale,
    transactions: lockWaits.length,
    lockWaits: waited.length,
    lockWaitMs: waited.reduce((a, b) => a + b, 0),
    maxLockWaitMs: Math.max(0, ...lockWaits),
    meanLockHoldMs: lockHolds.reduce((a, b) => a + b, 0) / Math.max(1, lockHolds.length),
    maxLockHoldMs: Math.max(0, ...lockHolds),
    click: quantiles(clicks),
    commit: quantiles(commits),
    busyErrors,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    committed,
  };
}

/** The start the parent gives once every writer said it is prepared. */
let started: ((startAt: number) => void) | null = null;
function toldToStart(): Promise<number> {
  const told = new Promise<number>((resolve) => (started = resolve));
  process.send?.('prepared');
  return told;
}

process.on('message', (task: WorkerTask | { startAt: number } | 'exit') => {
  if (task === 'exit') {
    void bench.close().finally(() => process.exit(0));
    return;
  }
  if ('startAt' in task) {
    started?.(task.startAt);
    return;
  }
  run(task).then(
    (result) => process.send?.(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.send({ ready: true });
