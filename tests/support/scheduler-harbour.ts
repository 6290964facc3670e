/**
 * A scheduler over an in-memory database with clocks moved by hand, a recording announcer and a
 * recording Discord client: what the scheduler's tests run.
 */
import type { Client } from 'discord.js';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { GameRow } from '../../src/db/schema.js';
import { SettingsStore } from '../../src/db/settings-store.js';
import { games, presenters } from '../../src/games/index.js';
import { DeadlineKeeper } from '../../src/service/deadlines.js';
import { GameService, type LoadedGame } from '../../src/service/game-service.js';
import type { HostClock, HostReading } from '../../src/service/host-clock.js';
import { TIME_LIMITS, type Clock } from '../../src/service/time-limits.js';
import { Scheduler, type SchedulerDeps } from '../../src/discord/scheduler.js';
import { handleOf, storeIdle, testStore } from './test-store.js';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
/** The scheduler's interval when `start` has not set one. */
export const INTERVAL = 30 * SECOND;

/**
 * The three clocks the bot reads, moved by hand: the wall clock (deadlines), the process's
 * monotonic clock (stops while the host sleeps) and the host's boot clock (counts the sleep).
 */
export class TestClocks implements Clock, HostClock {
  wall = Date.UTC(2026, 10, 23, 9, 0);
  monotonic = 5 * SECOND;
  uptime = HOUR;
  now(): number {
    return this.wall;
  }
  read(): HostReading {
    return { boot: 7, uptimeMs: this.uptime };
  }
  /** Time passes (the process runs, or is paused: both clocks go on). */
  pass(ms: number): void {
    this.wall += ms;
    this.monotonic += ms;
    this.uptime += ms;
  }
  /** The host sleeps: the monotonic clock stands still. */
  suspend(ms: number): void {
    this.wall += ms;
    this.uptime += ms;
  }
  /** Someone sets the wall clock. */
  step(ms: number): void {
    this.wall += ms;
  }
}

export interface LogLine {
  level: number;
  msg: string;
  game?: number;
  jumpMs?: number;
  retryInTicks?: number;
  err?: { message: string };
}

export async function harbour(options: Pick<SchedulerDeps, 'standIn' | 'members'> = {}) {
  const clocks = new TestClocks();
  const now = () => clocks.now();
  const store = await testStore(now);
  const h = handleOf(store);
  let seed = 0;
  const service = new GameService(store, games, () => `seed-${++seed}`, clocks);
  const settings = new SettingsStore(h, now);
  const keeper = new DeadlineKeeper(service, settings, (gameId, events) => games[gameId as keyof typeof games].turnEnded(events), clocks);
  const logs: LogLine[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
  const announcer = {
    posts: [] as number[],
    notices: [] as { game: number; text: string; mentions: string[]; nonce: string }[],
    /** Games whose place cannot be posted in. */
    unreachable: new Set<number>(),
    /** Games whose next notice is posted but its answer lost (the bot stopped before it came). */
    answerLost: new Set<number>(),
    /** What `post` returns: tests make it hang. */
    posting: (): Promise<void> => Promise.resolve(),
    post(gameId: number): Promise<void> {
      this.posts.push(gameId);
      return this.posting();
    },
    notice(row: GameRow, text: string, mentions: string[], nonce: string): Promise<void> {
      if (this.unreachable.has(row.id)) return Promise.reject(new Error('Discord is away'));
      this.notices.push({ game: row.id, text, mentions, nonce });
      if (this.answerLost.delete(row.id)) return Promise.reject(new Error('socket hang up'));
      return Promise.resolve();
    },
  };
  const dms: { user: string; content: string; nonce?: string }[] = [];
  const closedDms = new Set<string>();
  // Direct messages go by REST: the DM channel opened (its id names the user here), then the post.
  const client = {
    rest: {
      post: (route: string, { body }: { body: { recipient_id?: string; content?: string; nonce?: string } }) => {
        if (route === '/users/@me/channels') return Promise.resolve({ id: `dm-${body.recipient_id}` });
        const user = route.replace(/^\/channels\/dm-(.*)\/messages$/, '$1');
        if (closedDms.has(user)) return Promise.reject(new Error('cannot send'));
        dms.push({ user, content: body.content as string, nonce: body.nonce });
        return Promise.resolve({});
      },
    },
  } as unknown as Client;
  /** Whether the bot hears Discord (its gateway is up); tests take it down. */
  const gateway = { up: true };
  const scheduler = new Scheduler({
    client,
    keeper,
    settings: service.settings,
    announcer,
    presenters,
    logger,
    monotonic: () => clocks.monotonic,
    hearing: () => gateway.up,
    ...options,
  });

  /** Starts a Cartagena game for three with an hour per move. */
  async function cartagena(): Promise<LoadedGame> {
    const lobby = await service.openLobby({
      guildId: 'g',
      channelId: 'c',
      hostId: 'ann',
      hostName: 'ann',
      gameId: 'cartagena',
      options: { version: 'jamaica' },
      locale: 'en',
      timeLimitMs: TIME_LIMITS['1h'],
    });
    if (!lobby.ok) throw new Error(lobby.refusal);
    for (const p of ['bob', 'cas']) await service.join(lobby.value.id, p, p);
    const started = await service.start(lobby.value.id, 'ann');
    if (!started.ok) throw new Error(started.refusal);
    return started.value;
  }
  /** One interval passes, then a tick (and the reminders it started). */
  async function tick(ms = INTERVAL): Promise<void> {
    clocks.pass(ms);
    await scheduler.tick();
  }
  // A look at the database itself, past the store's caches, as `setGames` changes it: the test reads what is stored.
  const row = async (id: number) => (await h.db.select().from(h.t.games).where(eq(h.t.games.id, id)))[0] as GameRow;
  /** Changes the games' rows by hand (one game's, or all of them), past the store. */
  const setGames = async (change: Partial<GameRow>, id?: number) =>
    void (await h.db
      .update(h.t.games)
      .set(change)
      .where(id === undefined ? undefined : eq(h.t.games.id, id)));
  /** Whether no store query is under way (./test-store.ts). */
  const idle = () => storeIdle(store);
  return { clocks, service, settings, keeper, scheduler, announcer, dms, closedDms, logs, cartagena, tick, row, setGames, gateway, idle };
}

/** A bot of the scheduler's tests, on the run's store. */
export type Harbour = Awaited<ReturnType<typeof harbour>>;
