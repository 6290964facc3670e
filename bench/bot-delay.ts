/**
 * The bot players' click-to-post delay in Discord: how long a person waits for the bots to move.
 *
 * The real bot (built to dist/ as deployed, fresh database) runs against the local Discord of the e2e tests; one
 * simulated person plays each game against one normal bot (Halunken standard thus two-player,
 * Honderden one game), clicking seeded random choices from his panel as in tests/e2e/bots.test.ts,
 * for at most BOT_TURNS bot turns or to the end.
 *
 * Measured interval: from the dispatch of the person's click that ends his part (after it his
 * panel no longer says "It's your turn") to the arrival at the server of the first board post made
 * after that click which asks him to move again, or says the game is over. Both moments are the
 * server's own stamps (whole ms). A click counts as a bot turn only if a bot moved in between:
 * bot actions logged after the person's action and before that post arrived. Simultaneous turns
 * (Halunken: the person and the bot choose in the same phase): the bot thinks from the start of
 * the phase, so a choice it made before the person's click is neither waited for nor counted;
 * when it had already chosen and the person's click leads straight to his next choice, nobody
 * waited for a bot and the click is left out (counted as "no wait", like a Honderden trick he wins
 * and so leads the next).
 *
 * `npm run bench` runs it before the bot-player table; `npx tsx bench/bot-delay.ts` runs it alone
 * (under a minute). Nothing is asserted.
 */
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startHarness, type Harness } from '../tests/e2e/harness.js';
import { builtBot } from './latency/child.js';
import { choicesOf, gameNumber, isBoardPost, makeChoice, mentionedUsers, nextBoardPost, randomFrom, resignFrom } from '../tests/e2e/play.js';
import type { SimUser, StoredMessage } from '../tests/e2e/server/index.js';
import { en } from '../src/i18n/en.js';
import { gameCases, presenters } from '../src/games/index.js';
import { percentile, warningCounts } from './latency/common.js';
import { formatTable } from './table.js';

/** Bot turns measured per game at most: whole games of Freibeuter or Halunken take too long. */
const BOT_TURNS = 15;
const LEVEL = 'normal';
/** Far more clicks than any turn takes: more means the driver is stuck. */
const MAX_CLICKS = 30;
const YOUR_TURN = "It's your turn";
const OVER = 'The game is over';
/** Honderden's "ik dek": a random claim is nearly always wrong and ends the one game at once. */
const CLAIM = en['honderden.panel.claim'];

/** The registry's bot cases at two seats: the person and one bot; the variant as /game new names it. */
const CASES = gameCases('bots')
  .filter((c) => c.seats === 2)
  .map((c) => ({ label: c.label, game: c.id, variant: presenters[c.id].variantOf(c.options)?.value ?? '' }));

export interface GameDelay {
  label: string;
  /** Per measured bot turn: click dispatch → board post, ms. */
  delays: number[];
  /** Per measured bot turn: the bot moves (actions of origin 'bot') in that interval. */
  decisions: number[];
  /** The bot's own thinking per decision measured ("bot move" log lines, thinkMs). */
  thinkMs: number[];
  /** Turn-ending clicks after which he moved again with no bot move first (see the top of the file). */
  noWait: number;
  ended: 'over' | 'capped' | 'failed';
  error?: string;
}

export interface BotDelayReport {
  games: GameDelay[];
  /** Warnings and errors the bot logged, with how often. */
  botLog: string[];
  wallMs: number;
}

/** Everything a game's measurement needs from the running harness. */
interface Table {
  harness: Harness;
  person: SimUser;
  db: Database.Database;
}

const boardsOf = (harness: Harness, threadId: string) => harness.discord.messages(threadId).filter(isBoardPost);
const over = (post: StoredMessage) => post.content.includes(OVER);

/**
 * The person plays his part with seeded random choices from his panel. Returns the click that
 * ended it (its dispatch time and how many board posts there were just before it), or null when
 * the panel gave him nothing to do.
 */
async function takeTurn(table: Table, threadId: string, post: StoredMessage, pick: (n: number) => number) {
  const { harness, person } = table;
  let panel = (await person.click(post, { prefix: 'panel:' })).message as StoredMessage;
  let last: { dispatchedAt: number; boardsBefore: number } | null = null;
  for (let clicks = 0; panel.content.includes(YOUR_TURN); clicks++) {
    const choices = choicesOf(panel).filter((choice) => choice.label !== CLAIM);
    if (clicks >= MAX_CLICKS || choices.length === 0) throw new Error(`still his turn after ${clicks} clicks: ${panel.content.split('\n')[0]}`);
    const boardsBefore = boardsOf(harness, threadId).length;
    const result = await makeChoice(person, panel, choices[pick(choices.length)]!);
    last = { dispatchedAt: result.interaction.dispatchedAt, boardsBefore };
    panel = result.message as StoredMessage;
  }
  return last;
}

/** The bot actions after the person's last action and logged no later than `until` (ms). */
function botActionsSince(db: Database.Database, gameId: number, until: number): number[] {
  const rows = db
    .prepare(
      `SELECT seq FROM actions WHERE game_id = ? AND origin = 'bot' AND created_at <= ?
         AND seq > (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ? AND origin = 'player')`,
    )
    .all(gameId, until, gameId) as { seq: number }[];
  return rows.map((r) => r.seq);
}

/** One game against a bot, until BOT_TURNS bot turns are measured or it ends; then resigned. */
async function measureGame(table: Table, c: (typeof CASES)[number], seed: number): Promise<GameDelay> {
  const { harness, person, db } = table;
  const result: GameDelay = { label: c.label, delays: [], decisions: [], thinkMs: [], noWait: 0, ended: 'capped' };
  const opened = await person.slash('game', { subcommand: 'new', options: { game: c.game, variant: c.variant, bots: 1, bot_level: LEVEL } });
  const started = await person.click(opened.message as StoredMessage, { label: 'Start' });
  const thread = await harness.discord.waitForThread((th) => th.id === started.message?.id);
  const pick = randomFrom(seed);
  const measuredSeqs = new Set<number>();
  let post = await nextBoardPost(harness.discord, thread.id, undefined);
  const gameId = gameNumber(post);
  try {
    while (result.delays.length < BOT_TURNS && !over(post)) {
      const ended = mentionedUsers(post, [person]).length > 0 ? await takeTurn(table, thread.id, post, pick) : null;
      if (!ended) {
        post = await nextBoardPost(harness.discord, thread.id, post);
        continue;
      }
      // The first post after his click that gives the turn back to him (or ends the game).
      post = await harness.discord.waitFor(
        () =>
          boardsOf(harness, thread.id)
            .slice(ended.boardsBefore)
            .find((p) => over(p) || mentionedUsers(p, [person]).length > 0),
        { what: `the board post that gives the turn back to ${person.username}`, timeoutMs: 30_000 },
      );
      const seqs = botActionsSince(db, gameId, post.createdAt);
      if (seqs.length === 0) {
        result.noWait++;
        continue;
      }
      result.delays.push(post.createdAt - ended.dispatchedAt);
      result.decisions.push(seqs.length);
      for (const seq of seqs) measuredSeqs.add(seq);
    }
    if (over(post)) result.ended = 'over';
    else await resignFrom(person, thread.id); // leave no game waiting for him
  } catch (error) {
    result.ended = 'failed';
    result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  for (const line of harness.bot.logs()) {
    if (line.msg === 'bot move' && line.game === gameId && measuredSeqs.has(line.version as number)) result.thinkMs.push(line.thinkMs as number);
  }
  return result;
}

/** Plays each registered game's two-seat bot case one after another against one bot process; it is stopped before returning. */
export async function measureBotDelay(): Promise<BotDelayReport> {
  const start = performance.now();
  builtBot(); // the harness starts the bot as deployed, from dist/
  // Debug: the "bot move" lines read below (at info the bot logs a summary a minute instead).
  const harness = await startHarness('bench-bot-delay', ['anne'], { env: { LOG_LEVEL: 'debug' } });
  const db = new Database(harness.databasePath, { readonly: true });
  const games: GameDelay[] = [];
  let botLog: string[];
  try {
    const table: Table = { harness, person: harness.users[0]!, db };
    for (const [i, c] of CASES.entries()) games.push(await measureGame(table, c, 11 * (i + 1)));
    const counts = warningCounts(harness.bot.logs());
    botLog = [...counts].map(([key, n]) => `${key} (${n}×)`);
  } finally {
    db.close();
    await harness.stop();
  }
  return { games, botLog, wallMs: performance.now() - start };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const fixed = (x: number, digits = 0) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

/** The table and the notes that explain it. */
export function formatBotDelay(report: BotDelayReport): string {
  const rows = [['bot click-to-post delay (normal bot)', 'bot turns', 'p50 ms', 'p95 ms', 'max ms', 'decisions/turn', 'think ms/decision', 'game']];
  for (const g of report.games) {
    const d = sorted(g.delays);
    const ending = g.ended === 'over' ? 'played out' : g.ended === 'capped' ? `stopped at ${BOT_TURNS}` : 'failed';
    rows.push([
      g.label,
      String(d.length),
      fixed(percentile(d, 50)),
      fixed(percentile(d, 95)),
      fixed(d.at(-1) ?? Number.NaN),
      fixed(mean(g.decisions), 1),
      fixed(mean(g.thinkMs)),
      ending,
    ]);
  }
  const noWait = report.games.filter((g) => g.noWait > 0).map((g) => `${g.label} ${g.noWait}`);
  const notes = [
    `From the dispatch of the person's turn-ending click to the arrival of the board post that gives him the turn back (server stamps); ` +
      `decisions are the bot's logged moves in between, each thinking up to ~300 ms (its "bot move" log lines).`,
    ...(noWait.length > 0
      ? [`Left out, as no bot moved before the person's next turn (he won the trick; the bot had chosen already): ${noWait.join(', ')}.`]
      : []),
    ...report.games.filter((g) => g.error).map((g) => `${g.label} failed: ${g.error}`),
    `The bot logged ${report.botLog.length === 0 ? 'no warnings or errors' : report.botLog.join('; ')}. Whole run ${fixed(report.wallMs / 1000)} s.`,
  ];
  return `${formatTable(rows)}\n${notes.map((n) => `- ${n}`).join('\n')}`;
}

// Run alone: `npx tsx bench/bot-delay.ts`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatBotDelay(await measureBotDelay()));
}
