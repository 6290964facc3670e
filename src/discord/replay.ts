/**
 * Replays: a private viewer of a game's history, the board as it was after a chosen move with
 * that move's log line, paged with ⏮ ◀ ▶ ⏭ and a "go to move" menu. Only what spectators could
 * see at that moment is ever shown: the spectator's view (no seat) of the state after the move,
 * the moves as the public log counts them (./public-moves.ts: none taken back, none that may still
 * be), and its public events.
 */
import {
  AttachmentBuilder,
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APISelectMenuOption,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { localeFrom, type Locale, type Translate } from '../i18n/index.js';
import type { GameService, LoadedGame } from '../service/game-service.js';
import { setupEvents } from '../service/action-log.js';
import { ReplayStates } from '../service/replay-states.js';
import { describeBoard, type BoardRequest } from '../games/board-renderer.js';
import type { BotContext } from './context.js';
import { labelContext, presentContext, presenterOf } from './views/present.js';
import { button } from './components.js';
import { encodeId, REPLAY_BUTTONS, type ReplayButton } from './custom-id.js';
import { actionRow, endOf, moveLines, publicMoves, type PublicMoves } from './public-moves.js';
import { onDemandBoards } from './rate-limit.js';
import { ReplayBoards, type Drawn } from './replay-boards.js';
import { ReplayViewers } from './replay-viewers.js';
import { placeWarning, refuse, type Handled } from './replies.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

/** Options of the "go to move" menu: Discord's most. */
const MENU_OPTIONS = 25;
/** Moves on each side of the one shown that the menu always offers. */
const NEAR = 2;
/** Ends of turns (tricks, rounds) on each side of the move shown that the menu offers. */
const TURNS_AROUND = 6;
/** How far from the move shown the menu looks for ends of turns. */
const TURN_SCAN = 400;

/** States are rebuilt with checkpoints for this many games (see ReplayStates). */
const GAMES_REPLAYED = 16;
/** Moves drawn ahead after the one shown (paging forward is the common way), and before it. */
const AHEAD = 3;
const BEHIND = 1;
/**
 * How long an answer waits for a board being drawn before it shows the move with "drawing…" and
 * edits the board in when it comes: a board takes tens of milliseconds, more behind a busy queue.
 */
const BOARD_WAIT_MS = 1000;

interface Kept {
  boards: ReplayBoards;
  viewers: ReplayViewers;
}
/** Per service: tests open many, each with its own games. */
const kept = new WeakMap<GameService, Kept>();
function keptFor(ctx: Pick<BotContext, 'service' | 'boards' | 'presenters' | 'logger'>): Kept {
  let found = kept.get(ctx.service);
  if (!found) {
    const states = new ReplayStates(ctx.service, GAMES_REPLAYED);
    const describe = (request: BoardRequest) => describeBoard(ctx.presenters, request);
    found = { boards: new ReplayBoards({ renderer: ctx.boards, describe, states, logger: ctx.logger }), viewers: new ReplayViewers() };
    kept.set(ctx.service, found);
  }
  return found;
}

/**
 * The moves the menu offers, at most 25: the start, the end, the move shown and those just around
 * it, the ends of the turns (tricks, rounds) nearest to it on each side, and moves spread evenly
 * over the whole game for the rest.
 */
export function menuMoves(shown: number, moves: Pick<PublicMoves, 'closes'>): number[] {
  const total = moves.closes.length;
  const picked = new Set<number>();
  const add = (move: number) => {
    if (move >= 0 && move <= total && picked.size < MENU_OPTIONS) picked.add(move);
  };
  [0, total, shown].forEach(add);
  for (let d = 1; d <= NEAR; d++) [shown - d, shown + d].forEach(add);
  for (const step of [-1, 1]) {
    let found = 0;
    for (let move = shown + step, seen = 0; move >= 1 && move <= total && found < TURNS_AROUND && seen < TURN_SCAN; move += step, seen++) {
      if (moves.closes[move - 1]) {
        add(move);
        found++;
      }
    }
  }
  const room = MENU_OPTIONS - picked.size;
  for (let i = 1; i <= room; i++) add(Math.round((i * total) / (room + 1)));
  return [...picked].sort((a, b) => a - b);
}

/** A log line as a menu's plain text: no Markdown marks, no escapes, no list bullet. */
const plain = (line: string) =>
  line
    .replace(/\\([\\`*_~|>#[\]()-])/g, '$1')
    .replace(/\*\*|__|~~|`/g, '')
    .replace(/^\s*[•-]\s+/, '');

/** A move's lines as one menu description: run together, cut between words with "…" when too long. */
export const menuDescription = (lines: readonly string[]): string =>
  fitText(lines.map(plain).filter(Boolean).join(' '), DISCORD_LIMITS.optionDescription, { atWord: true });

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** What the replay of `game` shows at `move`: its text, its components, and the board to draw. */
export interface ReplayView {
  move: number;
  total: number;
  content: string;
  components: Row[];
  /** The last action the board shows: boards are kept by it. */
  through: number;
  /** The boards to draw ahead, after the actions of the moves around it, most wanted first. */
  around: number[];
  fileName: string;
}

/** The text and the components of the replay at `move`, for a user speaking `locale`; no board yet. */
export async function replayView(
  ctx: Pick<BotContext, 'presenters' | 'service'>,
  game: LoadedGame,
  moves: PublicMoves,
  move: number,
  locale: Locale,
  t: Translate,
): Promise<ReplayView> {
  const total = moves.seqs.length;
  const presenter = presenterOf(ctx, game.row.gameId);
  const pctx = { ...presentContext(ctx, game, locale), t };
  const where = move === 0 ? t(total === 0 ? 'replay.where.start-empty' : 'replay.where.start', { total }) : t('replay.where.move', { move, total });
  const heading = t('replay.heading', { game: t(presenter.name), id: game.row.id, where });
  const lines = async (n: number, context = pctx): Promise<string[]> => {
    if (n === 0) return presenter.describe(setupEvents(game.def, game.row, game.seats.length), context);
    const row = await actionRow(ctx, game.row.id, moves.seqs[n - 1] as number);
    return row ? moveLines(row, presenter, context) : [];
  };
  const running = game.row.status === 'running' ? [t('replay.running')] : [];
  const content = fitText([heading, ...running, ...(await lines(move))].join('\n'), DISCORD_LIMITS.content);
  const to = (target: number, which: ReplayButton, disabled: boolean) => ({
    ...button(encodeId({ kind: 'replayto', game: game.row.id, move: target, button: which }), t(`replay.${which}`), ButtonStyle.Secondary),
    disabled,
  });
  const targets: Record<ReplayButton, number> = { first: 0, previous: Math.max(0, move - 1), next: Math.min(total, move + 1), last: total };
  const rows: Row[] = [
    {
      type: ComponentType.ActionRow,
      components: REPLAY_BUTTONS.map((which) => to(targets[which], which, which === 'first' || which === 'previous' ? move === 0 : move === total)),
    },
  ];
  if (total > 0) {
    const labels = labelContext(pctx);
    const options: APISelectMenuOption[] = [];
    for (const n of menuMoves(move, moves)) {
      const description = menuDescription(await lines(n, labels));
      options.push({
        label: n === 0 ? t('replay.option.start') : t('replay.option.move', { move: n }),
        value: String(n),
        ...(description ? { description } : {}),
        ...(n === move ? { default: true } : {}),
      });
    }
    rows.push({
      type: ComponentType.ActionRow,
      components: [{ type: ComponentType.StringSelect, custom_id: encodeId({ kind: 'replaygo', game: game.row.id }), placeholder: t('replay.goto'), options }],
    });
  }
  const around = [...Array.from({ length: AHEAD }, (_, i) => move + 1 + i), ...Array.from({ length: BEHIND }, (_, i) => move - 1 - i)].filter(
    (n) => n >= 0 && n <= total,
  );
  return {
    move,
    total,
    content,
    components: rows,
    through: endOf(moves, move),
    around: around.map((n) => endOf(moves, n)),
    fileName: `${game.row.gameId}-${game.row.id}-move-${move}.png`,
  };
}

/** How a replay is answered: a new private message, or the viewer clicked in, updated in place. */
type ReplayInteraction = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

/**
 * Shows the replay of a game at `requested` (a move as the log counts them; 'last': the latest):
 * to a command or the last post's button as a new private message, to the viewer's own buttons
 * and menu by updating it. A move beyond the game's is clamped for a command (the game may have
 * fewer than the user thought) and refused for a component, which only a forged id could carry.
 *
 * The move's words and every control are shown at once; its board with them when it is kept or
 * drawn within a second, else "drawing…" until it is edited in (unless he paged on meanwhile). The
 * boards around the move are drawn ahead (./replay-boards.ts), and a member past his allowance of
 * boards waits his turn for them rather than being refused.
 */
export async function showReplay(ctx: BotContext, interaction: ReplayInteraction, gameId: number, requested: number | 'last', t: Translate): Promise<Handled> {
  const game = await ctx.service.load(gameId);
  if (!game || game.row.status === 'lobby' || game.row.state === null) return refuse(interaction, t, 'refusal.not-running', {}, gameId);
  if (requested !== 'last' && (!Number.isSafeInteger(requested) || requested < 0)) return refuse(interaction, t, 'refusal.bad-options', {}, gameId);
  const inPlace = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  const moves = await publicMoves(ctx, game);
  const total = moves.seqs.length;
  if (requested !== 'last' && requested > total && inPlace) return refuse(interaction, t, 'replay.no-such-move', { move: requested, total }, gameId);
  const move = requested === 'last' ? total : Math.min(requested, total);
  const locale = localeFrom(interaction.locale);
  const view = await replayView(ctx, game, moves, move, locale, t);
  const { boards, viewers } = keptFor(ctx);
  let viewer = inPlace ? interaction.message.id : interaction.id;
  const ticket = viewers.claim(viewer);
  if (inPlace) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const member = interaction.user.id;
  const look = { game, locale, players: presentContext(ctx, game, locale).players, throughs: [view.through, ...view.around] };
  // A board kept costs nothing; one to draw at once counts like /game board, else it waits its turn.
  const found = boards.look(member, look, () => onDemandBoards().take(member));
  const board = found instanceof Promise ? await within(found, BOARD_WAIT_MS) : found;
  const warning = inPlace ? undefined : placeWarning(game.row, t);
  const answer = (drawn: Drawn | 'drawing') => {
    const note = drawn === 'drawing' ? t('replay.drawing') : drawn === 'failed' ? t('replay.no-board') : undefined;
    return {
      content: fitText([warning, view.content, note].filter(Boolean).join('\n\n'), DISCORD_LIMITS.content),
      components: view.components,
      files: typeof drawn === 'object' ? [new AttachmentBuilder(drawn.png, { name: view.fileName, description: drawn.description })] : [],
      attachments: [],
      allowedMentions: { parse: [] },
    };
  };
  const shown = await viewers.edit(viewer, ticket, () => interaction.editReply(answer(board ?? 'drawing')));
  if (!inPlace && shown?.id) viewers.adopt((viewer = shown.id), ticket);
  if (board === undefined && found instanceof Promise) {
    void found
      .then((drawn) => (drawn === 'elsewhere' ? undefined : viewers.edit(viewer, ticket, () => interaction.editReply(answer(drawn)))))
      .catch((error: unknown) => ctx.logger.warn({ err: error, game: gameId, move }, 'editing a board into a replay failed'));
  }
  return { game: gameId, action: 'replay', outcome: `ok:${move}/${total}` };
}

/** What `promise` settles to within `ms`, else undefined (it goes on). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
