/**
 * Our bot under load: the real process (the build in dist/, as deployed; fresh database) hosting Cartagena games
 * in threads, with simulated players clicking through their panels exactly as people do: "Open my
 * panel" on a board post (a new ephemeral reply), then a move from that panel (the panel updated
 * in place, the action committed to SQLite, and when the turn ends a board post rendered and sent
 * in the background). Each game alternates the two, so half the clicks are moves.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buttonsOf,
  selectsOf,
  startFakeDiscord,
  type FakeDiscord,
  type FakeDiscordOptions,
  type InteractionResult,
  type SimUser,
  type StoredMessage,
} from '../../tests/e2e/server/index.js';
import { en } from '../../src/i18n/en.js';
import { builtBot, ChildBot } from './child.js';
import { boardPosts } from '../../tests/e2e/play.js';
import { openLoop, percentile, timedClick, type Outcome, type Sample } from './common.js';

export interface OursOptions {
  server: FakeDiscordOptions;
  games: number;
  ratePerSecond: number;
  warmupMs: number;
  durationMs: number;
}

export interface OursResult {
  samples: Sample[];
  maxLagMs: number;
  wallMs: number;
  /** Clicks sent to a game with a click still in flight (all games were busy at that tick). */
  extraClicks: number;
  gamesFinished: number;
  /** Per action, the bot's own handling time from its "interaction" log lines (window only). */
  botHandling: Record<string, { count: number; p50: number; p99: number; max: number }>;
  /** From the move that ended a turn to the board post that shows it (background rendering). */
  postLag: { turns: number; p50: number; p99: number; max: number; missing: number };
  botCpuSeconds: number | null;
  /** Error lines the bot logged during the whole run ("interaction failed", "posting the board failed"...). */
  botErrors: string[];
  /** Discord rule breaks the fake server recorded (late/unanswered/refused requests). */
  problems: string[];
}

// ---- reading what the bot shows (English catalogue, as the simulated users use 'en-US') --------

/** The text of a catalogue entry before its first parameter, e.g. "It's your turn: ". */
const fixedPart = (text: string) => text.split('{')[0] as string;
const YOUR_TURN = fixedPart(en['cartagena.panel.your-turn']);
const WAITING = new RegExp(`^${escape(fixedPart(en['cartagena.panel.waiting']))}(.+)\\.$`, 'm');
const GAME_OVER = en['cartagena.status.over'];
const STALE = en['refusal.stale'];
/** Every refusal the bot can give, to tell a refusal from a normal answer. */
const REFUSALS = Object.entries(en)
  .filter(([key]) => key.startsWith('refusal.') || key === 'panel.spectator')
  .map(([, text]) => fixedPart(text))
  .filter((text) => text.length > 8);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function classify(result: InteractionResult): { outcome: Outcome; detail?: string } {
  const content = result.content;
  if (content.includes(STALE)) return { outcome: 'stale' };
  const refusal = REFUSALS.find((text) => content.includes(text));
  return refusal ? { outcome: 'refused', detail: refusal } : { outcome: 'ok' };
}

/** A public game post: the board image and the "Open my panel" button. */
const isBoardPost = (m: StoredMessage) => m.attachments.some((a) => a.filename.endsWith('.png')) && buttonsOf(m).some((b) => b.customId?.startsWith('panel:'));

/** "start" is before space 1 and "ship" after space 36. */
const placeNumber = (text: string) => (text === en['cartagena.short.start'] ? 0 : text === en['cartagena.short.ship'] ? 37 : Number.parseInt(text, 10));

/** From a move label ("Skull: 9 → 23", "17 → 12, draw 1"): where the pirate stands and lands. */
function gain(label: string): number {
  const [before = '', after = ''] = label.split('→');
  const from = placeNumber(before.split(':').at(-1)?.trim() ?? '');
  const to = placeNumber(after.split(',')[0]?.trim() ?? '');
  return to - from;
}

/**
 * A plain player that keeps games moving, reading only the panel: the forward move that gains
 * the most; without cards, the move back that loses the least; else "End turn".
 */
export function chooseMove(panel: StoredMessage): { select: string; value: string } | { button: string } | null {
  const selects = selectsOf(panel);
  const best = (placeholder: string) => {
    let found: { select: string; value: string; score: number } | null = null;
    for (const select of selects.filter((s) => s.placeholder?.startsWith(placeholder))) {
      for (const option of select.options) {
        const score = gain(option.label);
        if (!found || score > found.score) found = { select: select.customId, value: option.value, score };
      }
    }
    return found && { select: found.select, value: found.value };
  };
  const move = best(fixedPart(en['cartagena.panel.forward'])) ?? best(fixedPart(en['cartagena.panel.back']));
  if (move) return move;
  const end = buttonsOf(panel).find((b) => b.label === en['cartagena.panel.end']);
  return end?.customId ? { button: end.customId } : null;
}

// ---- games -----------------------------------------------------------------------------------

/** One game and what its players know of it, driven one click at a time. */
export interface Lane {
  players: SimUser[];
  threadId: string;
  /** A board post of the game; any of them opens the current panel. */
  post: StoredMessage;
  /** Who must act now. */
  actor: SimUser;
  /** The actor's panel with his moves, when the next click is a move. */
  panel: StoredMessage | null;
  /** A click of this game is in flight; its answer decides the next one. */
  busy: boolean;
  /** False while a finished game is being replaced by a new one. */
  ready: boolean;
  variant: 'jamaica' | 'tortuga';
}

export function latestBoardPost(discord: FakeDiscord, threadId: string): StoredMessage | undefined {
  return discord.messages(threadId).findLast(isBoardPost);
}

/** Where a game is opened (the host's default channel if not said) and how many bots sit in it beside the players. */
export interface OpenWhere {
  channelId?: string;
  bots?: { count: number; level: 'easy' | 'normal' | 'hard' };
}

/** /game new, Join (each other player), Start; resolves once the first board post is in the game's thread. */
export async function openGame(
  discord: FakeDiscord,
  players: SimUser[],
  variant: Lane['variant'],
  where: OpenWhere = {},
): Promise<Pick<Lane, 'threadId' | 'post' | 'actor'>> {
  const [host, ...others] = players as [SimUser, ...SimUser[]];
  const bots: Record<string, string | number> = where.bots ? { bots: where.bots.count, bot_level: where.bots.level } : {};
  const lobby = await host.slash('game', {
    subcommand: 'new',
    ...(where.channelId ? { channelId: where.channelId } : {}),
    options: { game: 'cartagena', variant, ...bots },
  });
  let message = lobby.message;
  if (!message) throw new Error(`/game new gave no lobby: ${lobby.content}`);
  for (const user of others) message = (await user.click(message, { label: en['lobby.join'] })).message ?? message;
  await host.click(message, { label: en['lobby.start'] });
  // The thread is started from the lobby message, so it has the message's id.
  const threadId = message.id;
  const post = await discord.waitFor(() => latestBoardPost(discord, threadId), { what: `the first board post of the game in ${threadId}`, timeoutMs: 20_000 });
  // The post's "…: your move." line names who acts first (other lines may mention players too).
  const lines = post.content.split('\n');
  const mentioned = lines.find((line) => line.includes('<@') && line.endsWith('your move.')) ?? lines.find((line) => line.includes('<@')) ?? '';
  const actor = players.find((u) => mentioned.includes(`<@${u.id}>`)) ?? host;
  return { threadId, post, actor };
}

/**
 * What a panel the bot just showed says: the actor may act, the turn passed (the lane's actor
 * becomes whoever is waited for; a bot seated in the game is waited for without becoming it), or
 * the game is over.
 */
export function readPanel(lane: Pick<Lane, 'players' | 'actor'>, panel: StoredMessage): 'turn' | 'passed' | 'over' | 'unknown' {
  const text = panel.content;
  if (text.includes(GAME_OVER)) return 'over';
  if (text.includes(YOUR_TURN)) return 'turn';
  const waiting = WAITING.exec(text)?.[1];
  if (!waiting) return 'unknown';
  const next = lane.players.find((u) => u.record.globalName === waiting);
  if (next) lane.actor = next;
  return 'passed';
}

export async function measureOurs(options: OursOptions): Promise<OursResult> {
  const discord = await startFakeDiscord(options.server);
  const dataDir = mkdtempSync(join(tmpdir(), 'harbour-bench-latency-'));
  const bot = new ChildBot(builtBot(), {
    ...discord.botEnv(),
    DISCORD_DEV_GUILD_ID: discord.guild.id,
    DATABASE_PATH: join(dataDir, 'games.sqlite'),
    // Debug: the per-interaction lines this reads (deployed, at info, the bot logs a summary a minute instead).
    LOG_LEVEL: 'debug',
  });
  try {
    bot.start();
    await bot.whileRunning(discord.waitForBotReady().then(() => discord.waitForCommands(['game', 'games', 'rules'])));

    // Three players of their own per game (names "G07a"... so panels can name who is waited for).
    const lanes: Lane[] = await Promise.all(
      Array.from({ length: options.games }, async (_, i) => {
        const players = ['a', 'b', 'c'].map((seat) => discord.user(`g${i}${seat}`, { globalName: `G${String(i).padStart(2, '0')}${seat}` }));
        const variant = i % 2 === 0 ? 'jamaica' : 'tortuga';
        return { players, variant, panel: null, busy: false, ready: true, ...(await openGame(discord, players, variant)) } satisfies Lane;
      }),
    );

    let measuring = false;
    let extraClicks = 0;
    let gamesFinished = 0;
    const turnEnds: { threadId: string; at: number }[] = [];
    const setups = new Set<Promise<void>>();

    /** A finished game is replaced by a new one with the same players, off the schedule. */
    const replace = (lane: Lane) => {
      lane.ready = false;
      lane.panel = null;
      gamesFinished++;
      const setup = openGame(discord, lane.players, lane.variant).then(
        (fresh) => void Object.assign(lane, fresh, { ready: true }),
        (error: unknown) => console.warn(`[bench] could not open a replacement game: ${String(error)}`),
      );
      setups.add(setup);
      void setup.finally(() => setups.delete(setup));
    };

    /** One click of a lane: a move when it holds a panel with moves, else "Open my panel". */
    const step = async (lane: Lane): Promise<Sample> => {
      lane.busy = true;
      try {
        // Whatever a move's answer says, the game's next click is "Open my panel": the two
        // alternate, even when the updated panel still offers moves.
        const panel = lane.panel;
        lane.panel = null;
        const move = panel && chooseMove(panel);
        if (panel && move) {
          const actor = lane.actor;
          const { sample, result } = await timedClick(
            discord,
            'move',
            () => ('button' in move ? actor.click(panel, move.button) : actor.select(panel, move.select, [move.value])),
            classify,
          );
          const state = result?.message ? readPanel(lane, result.message) : 'unknown';
          if (state === 'passed' && measuring) turnEnds.push({ threadId: lane.threadId, at: Date.now() });
          if (state === 'over') replace(lane);
          return sample;
        }
        const post = latestBoardPost(discord, lane.threadId) ?? lane.post;
        const { sample, result } = await timedClick(discord, 'open', () => lane.actor.click(post, { prefix: 'panel:' }), classify);
        const state = result?.message ? readPanel(lane, result.message) : 'unknown';
        if (state === 'turn') lane.panel = result?.message ?? null;
        if (state === 'over') replace(lane);
        return sample;
      } finally {
        lane.busy = false;
      }
    };

    // Tick n goes to game n mod 20, or the next idle one; if every game is waiting for an
    // answer, the scheduled game's player opens his panel anyway (a read-only click), so the
    // rate never drops below the schedule.
    let cursor = 0;
    const fire = async (): Promise<Sample | null> => {
      for (let k = 0; k < lanes.length; k++) {
        const lane = lanes[(cursor + k) % lanes.length] as Lane;
        if (lane.ready && !lane.busy) {
          cursor = (cursor + k + 1) % lanes.length;
          return step(lane);
        }
      }
      const lane = lanes[cursor] as Lane;
      cursor = (cursor + 1) % lanes.length;
      extraClicks++;
      const post = latestBoardPost(discord, lane.threadId) ?? lane.post;
      return (await timedClick(discord, 'open', () => lane.actor.click(post, { prefix: 'panel:' }), classify)).sample;
    };

    // Warm-up at the same rate (JIT, caches, SQLite pages), then the measured window.
    await openLoop(options.ratePerSecond, options.warmupMs, fire);
    extraClicks = 0;
    gamesFinished = 0;
    measuring = true;
    const cpuBefore = bot.cpuSeconds();
    const windowStart = Date.now();
    const run = await openLoop(options.ratePerSecond, options.durationMs, fire);
    const windowEnd = Date.now();
    const cpuAfter = bot.cpuSeconds();
    measuring = false;

    // Let the board posts of the last turns, and games being replaced, land before reading.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await Promise.all([...setups]);
    const postLag = postLagOf(discord, turnEnds);
    const problems = discord.interactionProblems().map((p) => `[${p.kind}] ${p.label}: ${p.detail}`);

    await bot.stop();
    // BENCH_BOT_OUTPUT=file: the window's bounds, the REST calls made (the last 2,000) and everything the bot printed, to look into.
    if (process.env.BENCH_BOT_OUTPUT) {
      const calls = new Map<string, number>();
      for (const call of discord.restLog) calls.set(`${call.method} ${call.route}`, (calls.get(`${call.method} ${call.route}`) ?? 0) + 1);
      const lines = [`window ${windowStart} ${windowEnd}`, ...[...calls].map(([route, n]) => `rest ${n} ${route}`), ...bot.output, ''];
      writeFileSync(process.env.BENCH_BOT_OUTPUT, lines.join('\n'));
    }
    const logs = bot.jsonLines();
    return {
      samples: run.samples,
      maxLagMs: run.maxLagMs,
      wallMs: run.wallMs,
      extraClicks,
      gamesFinished,
      botHandling: handlingOf(logs, windowStart, windowEnd),
      postLag,
      botCpuSeconds: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
      botErrors: logs.filter((l) => typeof l.level === 'number' && l.level >= 50).map((l) => String(l.msg)),
      problems,
    };
  } finally {
    await bot.stop();
    await discord.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bot's own view: latencyMs of its "interaction" log lines in the window, per action. */
function handlingOf(logs: Record<string, unknown>[], from: number, to: number): OursResult['botHandling'] {
  const byAction = new Map<string, number[]>();
  for (const line of logs) {
    if (line.msg !== 'interaction' || typeof line.time !== 'number' || line.time < from || line.time > to) continue;
    const action = String(line.action);
    const list = byAction.get(action) ?? [];
    list.push(Number(line.latencyMs));
    byAction.set(action, list);
  }
  const result: OursResult['botHandling'] = {};
  for (const [action, values] of byAction) {
    values.sort((a, b) => a - b);
    result[action] = { count: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: values.at(-1) as number };
  }
  return result;
}

/** For each turn ended in the window: time until a board post at least as new appeared. */
function postLagOf(discord: FakeDiscord, turnEnds: { threadId: string; at: number }[]): OursResult['postLag'] {
  const lags: number[] = [];
  let missing = 0;
  const postsByThread = new Map<string, StoredMessage[]>();
  for (const { threadId, at } of turnEnds) {
    let posts = postsByThread.get(threadId);
    // Trimmed or not: an earlier board post loses its image once the next one is out (quiet threads).
    if (!posts) postsByThread.set(threadId, (posts = boardPosts(discord.messages(threadId))));
    const post = posts.find((p) => p.createdAt >= at);
    if (post) lags.push(post.createdAt - at);
    else missing++;
  }
  lags.sort((a, b) => a - b);
  return { turns: turnEnds.length, p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? Number.NaN, missing };
}
