/**
 * A big server, written straight into a database file: one guild with 100,000 finished games (by
 * default), for the end-to-end test and the bench that prove the bot stays fast there.
 *
 * Playing 100,000 games through the service would take many minutes, so the games are built from
 * templates: a few real games per game, variant and number of players, played to their end with
 * random legal moves through the engine at the start. Each stored game is one of them, as the bot
 * stores a finished game: its options, seed and rules version, its final state and result, every
 * post made (nothing owed), and seats for people drawn from a few thousand members (a few regulars
 * play far more than the rest; one game in ten also seats a bot). One game in a hundred keeps its
 * whole action log, exactly as its template logged it, so its log can be paged and replayed; the
 * others keep none (100,000 whole logs would be gigabytes; no read of a finished game's log is
 * on a path that matters here).
 *
 * The games are written finished at once, not through the store's commit that finishes a game
 * (src/db/finish-records.ts: the players' records; the seats no longer active): reading every game
 * back 100,000 times took most of a build's time. The builder writes what that commit would, by
 * the same rules, and its test checks that against what the store's rules make of the same games. The whole build is one transaction of prepared
 * statements on a file made and migrated by the bot's own `openDatabase`; the ratings are then made
 * by the bot's own rebuild (about 15 s for 100,000 games).
 */
import type Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src/db/connection.js';
import { games, presenters, type GameId } from '../../src/games/index.js';
import { nextUint32, seatRangeOf, seedRng, type AnyGameDefinition, type RngState } from '../../src/engine/index.js';
import { applyLogged, isServiceAction, publicEvents } from '../../src/service/action-log.js';
import { Storage } from '../../src/db/storage.js';
import { rebuildRatings } from '../../src/service/ratings.js';

export interface BigServerOptions {
  guildId: string;
  /** The channel the games were opened in (their threads, long archived, are made-up ids). */
  channelId: string;
  /** Finished games to write; 100,000 by default. */
  games?: number;
  /** Members who played, 3,000 by default, the `regulars` first and made-up ids after them. */
  members?: number;
  /** Members that must be among the players (e.g. a test's simulated users), by id and name, the most active first. */
  regulars?: { id: string; name: string }[];
  /** Different seeds build different servers; the same seed the same one. */
  seed?: string;
}

export interface BigServer {
  games: number;
  seats: number;
  actions: number;
  /** Every member's id, the regulars first. */
  members: string[];
  /** Per game, a finished game whose whole action log is stored (for /game log and replay). */
  withLog: Record<GameId, number>;
  buildMs: number;
}

/** One finished game played by the engine, copied into many stored games. */
interface Template {
  gameId: GameId;
  options: unknown;
  seats: number;
  seed: string;
  rulesVersion: number;
  state: string;
  result: string;
  /** Places, best first, ties grouped (the result's ranking). */
  ranking: number[][];
  log: { seat: number; action: string; events: string }[];
}

/** How often the favourite games are played here; every other registered game has the weight of the rarest. */
const FAVOURITES: Partial<Record<GameId, number>> = { cartagena: 35, halunken: 20, honderden: 20, freibeuter: 15 };
/** Every registered game with its weight, the most played first. */
const GAME_WEIGHTS: [GameId, number][] = (Object.keys(games) as GameId[]).map((id): [GameId, number] => [id, FAVOURITES[id] ?? 10]).sort((a, b) => b[1] - a[1]);
const TEMPLATES_PER_CASE = 2;
/** One game in this many keeps its whole action log. */
const LOG_EVERY = 200;
/** The server's time per move (the default). */
const TIME_LIMIT_MS = 2 * 86_400_000;
/** One game in this many has a bot at the table. */
const BOT_EVERY = 10;
/** The first regular sits in about this share of the games, the next ones in less. */
const REGULAR_SHARE = 0.15;
/** The games are spread over this many days before now. */
const HISTORY_DAYS = 730;
/** Past this many moves a template is dropped: random play that wanders has no end worth waiting for. */
const MAX_MOVES = 3_000;

const DISCORD_EPOCH = 1_420_070_400_000n;
/** A snowflake of that moment (lobby messages and threads of old games, long gone). */
const snowflakeAt = (ms: number, n: number) => String(((BigInt(Math.floor(ms)) - DISCORD_EPOCH) << 22n) | BigInt(n & 0x3fffff));

/** Plays a game to its end with random legal moves, logged as the service logs them. */
function playTemplate(gameId: GameId, options: unknown, seats: number, seed: string): Template | null {
  const def = games[gameId] as AnyGameDefinition;
  const rng = seedRng(`${seed}/moves`);
  let state: unknown = def.setup({ seats, seed, options, rulesVersion: def.rulesVersion });
  const log: Template['log'] = [];
  while (!def.isOver(state)) {
    if (log.length >= MAX_MOVES) return null;
    const seat = def.toAct(state)[0] as number;
    const legal = def.legalActions(state, seat);
    const action: unknown = legal[nextUint32(rng) % legal.length];
    state = applyLogged(def, state, seat, action);
    log.push({ seat, action: JSON.stringify(action), events: JSON.stringify(publicEvents(def, state)) });
  }
  const result = def.result(state) as { ranking: number[][] };
  return {
    gameId,
    options,
    seats,
    seed,
    rulesVersion: def.rulesVersion,
    state: JSON.stringify(state),
    result: JSON.stringify(result),
    ranking: result.ranking,
    log,
  };
}

/** Templates per game: every variant /game new offers, with every number of players it takes (up to five). */
function templates(seed: string): Map<GameId, Template[]> {
  const byGame = new Map<GameId, Template[]>();
  for (const [gameId] of GAME_WEIGHTS) {
    const def = games[gameId] as AnyGameDefinition;
    const list: Template[] = [];
    for (const variant of presenters[gameId].variants) {
      const options: unknown = def.options.parse(variant.options);
      const range = seatRangeOf(def, options);
      for (let seats = range.min; seats <= Math.min(range.max, 5); seats++) {
        for (let k = 0; k < TEMPLATES_PER_CASE; k++) {
          const template = playTemplate(gameId, options, seats, `${seed}/${gameId}/${variant.value}/${seats}/${k}`);
          if (template) list.push(template);
        }
      }
    }
    if (list.length === 0) throw new Error(`no template for ${gameId}`);
    byGame.set(gameId, list);
  }
  return byGame;
}

const pick = (rng: RngState, n: number) => nextUint32(rng) % n;
const chance = (rng: RngState, p: number) => nextUint32(rng) / 2 ** 32 < p;

/** Distinct members for the people's seats: the regulars often, the rest skewed toward the first ones. */
function drawPlayers(rng: RngState, people: number, members: number, regulars: number): number[] {
  const chosen = new Set<number>();
  for (let r = 0; r < regulars && chosen.size < people; r++) if (chance(rng, REGULAR_SHARE / (r + 1))) chosen.add(r);
  while (chosen.size < people) chosen.add(Math.floor(members * (nextUint32(rng) / 2 ** 32) ** 1.5));
  // Seat order is not player rank: shuffle (Fisher-Yates).
  const seats = [...chosen];
  for (let i = seats.length - 1; i > 0; i--) {
    const j = pick(rng, i + 1);
    [seats[i], seats[j]] = [seats[j] as number, seats[i] as number];
  }
  return seats;
}

/**
 * The players' records per game, as the store keeps them (src/db/finish-records.ts): for each
 * person (not a bot) in a finished game, his place is one more than the seats ranked before his
 * group; and, for a game whose log is stored, his own moves after the first, each timed from the
 * move before it.
 */
class Records {
  private readonly rows = new Map<
    string,
    {
      gameId: string;
      userId: string;
      played: number;
      wins: number;
      placeSum: number;
      places: number[];
      botPlayed: number;
      botWins: number;
      firstAt: number;
      moves: number;
      moveMs: number;
    }
  >();

  add(gameId: string, ranking: number[][], userOfSeat: (string | null)[], finishedAt: number, timed?: { seat: number; action: string }[], gapMs = 0): void {
    const bots = userOfSeat.some((u) => u === null) ? 1 : 0;
    let before = 0;
    for (const group of ranking) {
      const place = before + 1;
      before += group.length;
      for (const seat of group) {
        const userId = userOfSeat[seat];
        if (userId === null || userId === undefined) continue;
        const key = `${gameId}\u0000${userId}`;
        const row = this.rows.get(key) ?? {
          gameId,
          userId,
          played: 0,
          wins: 0,
          placeSum: 0,
          places: [0, 0, 0, 0, 0],
          botPlayed: 0,
          botWins: 0,
          firstAt: finishedAt,
          moves: 0,
          moveMs: 0,
        };
        // His own moves (not an undo or a resignation: they carry "$"), the first of the game untimed.
        const own = (timed ?? []).filter((entry, i) => i > 0 && entry.seat === seat && !isServiceAction(JSON.parse(entry.action))).length;
        row.moves += own;
        row.moveMs += own * gapMs;
        row.played++;
        row.wins += place === 1 ? 1 : 0;
        row.placeSum += place;
        row.places[place - 1]!++;
        row.botPlayed += bots;
        row.botWins += bots && place === 1 ? 1 : 0;
        row.firstAt = Math.min(row.firstAt, finishedAt);
        this.rows.set(key, row);
      }
    }
  }

  write(sqlite: Database.Database, guildId: string): void {
    const insert = sqlite.prepare(
      `INSERT INTO player_records (guild_id, game_id, user_id, played, wins, place_sum, place_1, place_2, place_3, place_4, place_5, bot_played, bot_wins, first_at, moves, move_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const r of this.rows.values())
      insert.run(guildId, r.gameId, r.userId, r.played, r.wins, r.placeSum, ...r.places, r.botPlayed, r.botWins, r.firstAt, r.moves, r.moveMs);
  }
}

/** The time between two stored moves of a game. */
const MOVE_GAP_MS = 30_000;

/** Writes the big server into a new database file at `path` (created and migrated as the bot does). */
export async function buildBigServer(path: string, options: BigServerOptions): Promise<BigServer> {
  const started = performance.now();
  const total = options.games ?? 100_000;
  const regulars = options.regulars ?? [];
  const memberCount = Math.max(options.members ?? 3_000, regulars.length + 5);
  const seed = options.seed ?? 'big-server';
  const rng = seedRng(seed);
  const members = [
    ...regulars.map((r) => r.id),
    ...Array.from({ length: memberCount - regulars.length }, (_, i) => snowflakeAt(Date.UTC(2024, 0, 1) + i * 1000, i)),
  ];
  const nameOf = (i: number) => regulars[i]?.name ?? `Member ${i + 1}`;
  const byGame = templates(seed);
  const weightSum = GAME_WEIGHTS.reduce((n, [, w]) => n + w, 0);
  const drawGame = (): GameId => {
    let x = pick(rng, weightSum);
    for (const [gameId, w] of GAME_WEIGHTS) if ((x -= w) < 0) return gameId;
    return (GAME_WEIGHTS[0] as [GameId, number])[0];
  };

  const db = openDatabase(path);
  const sqlite = db.$client;
  // Only while building: no journal, no syncing (a failed build is thrown away); the bot opens the
  // file with its own settings, in WAL mode as it left it.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  const insertGame = sqlite.prepare(
    `INSERT INTO games (guild_id, channel_id, thread_id, lobby_message_id, host_id, game_id, options, locale, seed, rules_version, status, version, state,
       last_posted_seq, result, created_at, updated_at, finished_at, time_limit_ms, cancel_votes, posts_to_trim)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'en', ?, ?, 'finished', ?, ?, ?, ?, ?, ?, ?, ?, '[]', '[]')`,
  );
  // Seats of ended games are not active (the store clears them as a game ends).
  const insertSeat = sqlite.prepare('INSERT INTO seats (game_id, seat, user_id, display_name, bot_level, active) VALUES (?, ?, ?, ?, ?, 0)');
  const insertAction = sqlite.prepare(
    `INSERT INTO actions (game_id, seq, seat, action, public_events, origin, created_at) VALUES (?, ?, ?, ?, ?, 'player', ?)`,
  );

  const now = Date.now();
  const since = now - HISTORY_DAYS * 86_400_000;
  const spacing = (now - 3_600_000 - since) / total;
  const withLog: Partial<Record<GameId, number>> = {};
  const records = new Records();
  let seatRows = 0;
  let actionRows = 0;
  sqlite.transaction(() => {
    for (let n = 0; n < total; n++) {
      const gameId = drawGame();
      const list = byGame.get(gameId) as Template[];
      const template = list[pick(rng, list.length)] as Template;
      const bot = template.seats > 1 && n % BOT_EVERY === BOT_EVERY - 1;
      const people = drawPlayers(rng, template.seats - (bot ? 1 : 0), members.length, regulars.length);
      const botSeat = bot ? pick(rng, template.seats) : -1;
      const created = since + n * spacing;
      const finished = created + template.log.length * MOVE_GAP_MS;
      const version = template.log.length;
      const row = [
        snowflakeAt(created + 60_000, n),
        snowflakeAt(created, n),
        members[people[0] as number],
        gameId,
        JSON.stringify(template.options),
        template.seed,
        template.rulesVersion,
      ];
      const id = Number(
        insertGame.run(
          options.guildId,
          options.channelId,
          ...row,
          version,
          template.state,
          version,
          template.result,
          created,
          finished,
          finished,
          TIME_LIMIT_MS,
        ).lastInsertRowid,
      );
      const userOfSeat: (string | null)[] = [];
      let person = 0;
      for (let seat = 0; seat < template.seats; seat++) {
        const member = seat === botSeat ? -1 : (people[person++] as number);
        insertSeat.run(id, seat, member < 0 ? 'bot:1' : members[member], member < 0 ? 'Bot Bram' : nameOf(member), member < 0 ? 'normal' : null);
        userOfSeat.push(member < 0 ? null : (members[member] as string));
        seatRows++;
      }
      // The first game of each kind keeps its log too, so that every kind has one.
      const logged = n % LOG_EVERY === 0 || withLog[gameId] === undefined;
      records.add(gameId, template.ranking, userOfSeat, finished, logged ? template.log : undefined, MOVE_GAP_MS);
      if (logged) {
        template.log.forEach((entry, i) => insertAction.run(id, i + 1, entry.seat, entry.action, entry.events, created + (i + 1) * MOVE_GAP_MS));
        actionRows += template.log.length;
        withLog[gameId] ??= id;
      }
    }
    records.write(sqlite, options.guildId);
  })();
  // The ratings are the service's, not a trigger's: made by its own rebuild, which rates every
  // finished game in order exactly as the games would have been one by one (src/service/ratings.test.ts).
  await rebuildRatings(new Storage(db));
  sqlite.pragma('journal_mode = WAL');
  sqlite.close();
  const missing = GAME_WEIGHTS.map(([g]) => g).filter((g) => withLog[g] === undefined);
  if (missing.length > 0) throw new Error(`no game with a stored log for ${missing.join(', ')}: build more games`);
  return { games: total, seats: seatRows, actions: actionRows, members, withLog: withLog as Record<GameId, number>, buildMs: performance.now() - started };
}
