import { AttachmentBuilder, type Client, type SendableChannels } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService, LoadedGame } from '../service/game-service.js';
import { isResign, setupEvents } from '../service/replay.js';
import type { GameRow } from '../db/schema.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import type { GameResult } from '../engine/index.js';
import type { Translate } from '../i18n/index.js';
import { boardRequest, presentContext } from './context.js';
import type { BoardRenderer } from '../games/board-renderer.js';
import { openPanelRow } from './components.js';

const MAX_CONTENT = 2000;

/**
 * Posts the public messages of a game: after each resolved turn a new message with what
 * happened, the board image and a mention of whoever must act. Posts of one game are made one
 * after another, in order; a post covers every action since the previous one, so a post that
 * failed (or was cut off by a restart) is made up for by the next one or by the catch-up at start.
 */
export class Announcer {
  private readonly queues = new Map<number, Promise<void>>();

  constructor(
    private readonly client: Client,
    private readonly service: GameService,
    private readonly presenters: Record<string, AnyGamePresenter>,
    private readonly boards: BoardRenderer,
    private readonly logger: Logger,
  ) {}

  /** Queues a post for this game and returns when it is done (errors are logged, not thrown). */
  post(gameId: number): Promise<void> {
    const previous = this.queues.get(gameId) ?? Promise.resolve();
    const next = previous.then(() => this.postNow(gameId)).catch((error: unknown) => {
      this.logger.error({ err: error, game: gameId }, 'posting the board failed');
    });
    this.queues.set(gameId, next);
    void next.then(() => {
      if (this.queues.get(gameId) === next) this.queues.delete(gameId);
    });
    return next;
  }

  /** Waits for every queued post (used on shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /** Posts whatever running or just-finished games have not announced yet (after a restart). */
  async catchUp(): Promise<void> {
    for (const row of this.service.store.unannounced()) await this.post(row.id);
  }

  /** Posts a plain notice into the game's place (cancelled, a reminder), pinging only `mentions`. */
  async notice(row: GameRow, text: string, mentions: string[] = []): Promise<void> {
    const channel = await this.channelOf(row);
    await channel.send({ content: text, allowedMentions: { users: mentions } });
  }

  private async channelOf(row: GameRow): Promise<SendableChannels> {
    const channel = await this.client.channels.fetch(row.threadId ?? row.channelId);
    if (!channel?.isSendable()) throw new Error(`cannot post in channel of game ${row.id}`);
    return channel;
  }

  private async postNow(gameId: number): Promise<void> {
    const game = this.service.load(gameId);
    if (!game || (game.row.status !== 'running' && game.row.status !== 'finished')) return;
    if (game.row.lastPostedSeq >= game.row.version) return;
    // Nothing posted yet (lastPostedSeq is -1 from the start): this is the game's opening post.
    const opening = game.row.lastPostedSeq < 0;
    const presenter = this.presenters[game.row.gameId] as AnyGamePresenter;
    const ctx = presentContext({ presenters: this.presenters }, game, game.row.locale);
    const { t } = ctx;
    const view = game.def.view(game.state, null);
    const logged = this.service.store.actionsOf(gameId, game.row.lastPostedSeq);
    const events = logged.flatMap((a) => a.publicEvents as unknown[]);
    // The setup's events (the deal, the first round) are not logged as an action: they are recomputed.
    if (opening) events.unshift(...setupEvents(game.def, game.row, game.seats.length));
    const lines = [t('post.header', { game: t(presenter.name), id: gameId })];
    if (opening) lines.push(t('post.started', { players: game.seats.map((s) => `<@${s.userId}>`).join(', ') }));
    lines.push(...timeoutNotes(logged, ctx.players.map((p) => p.name), t));
    lines.push(...presenter.describe(events, ctx));
    const toAct = game.row.status === 'running' ? (game.def.toAct(game.state) as number[]) : [];
    const mentionIds = toAct.map((seat) => game.seats[seat]?.userId).filter((id): id is string => !!id);
    const footer =
      game.row.status === 'finished'
        ? rankingLines(game.row.result as GameResult, ctx.players.map((p) => p.name), (score) => t(presenter.score, { score }), t)
        : [
            presenter.status(view, ctx),
            t('post.your-turn', { mentions: mentionIds.map((id) => `<@${id}>`).join(', ') }),
            ...(game.row.deadlineAt !== null ? [deadlineLine(game.row.deadlineAt, t)] : []),
          ];
    const png = await this.boards.render(boardRequest({ presenters: this.presenters }, game, game.row.locale)).catch((error: unknown) => {
      // The news matters more than the picture: post without it rather than not at all.
      this.logger.error({ err: error, game: gameId }, 'drawing the board failed');
      return null;
    });
    const content = fit(lines, footer);
    const channel = await this.channelOf(game.row);
    await channel.send({
      content,
      files: png ? [new AttachmentBuilder(png, { name: `${game.row.gameId}-${gameId}-${game.row.version}.png` })] : [],
      components: [openPanelRow(gameId, t)],
      allowedMentions: { users: mentionIds },
    });
    this.service.store.markPosted(gameId, game.row.version);
  }
}

/** "Move by …": a Discord timestamp, which every reader sees in his own time zone. */
export function deadlineLine(deadlineAt: number, t: Translate): string {
  const seconds = Math.floor(deadlineAt / 1000);
  return t('post.deadline', { time: `<t:${seconds}:f>`, relative: `<t:${seconds}:R>` });
}

/** One line per player the bot moved for or removed because his time ran out. */
function timeoutNotes(logged: { seat: number; action: unknown; origin: string }[], names: string[], t: Translate): string[] {
  const notes = new Map<number, string>();
  for (const entry of logged) {
    if (entry.origin !== 'timeout' || notes.has(entry.seat)) continue;
    const player = names[entry.seat] ?? `#${entry.seat + 1}`;
    notes.set(entry.seat, t(isResign(entry.action) ? 'post.timeout.removed' : 'post.timeout.moved', { player }));
  }
  return [...notes.values()];
}

/** "1. Alice (6)" lines of a final ranking, ties sharing a place. */
export function rankingLines(result: GameResult, names: string[], scoreText: (score: number) => string, t: Translate): string[] {
  const lines = [t('post.game-over')];
  let place = 1;
  for (const group of result.ranking) {
    const players = group.map((seat) => names[seat] ?? `#${seat + 1}`).join(', ');
    const scores = [...new Set(group.map((seat) => result.scores[seat] as number))];
    lines.push(t('post.place', { place, players, score: scores.map(scoreText).join(', ') }));
    place += group.length;
  }
  return lines;
}

/** Keeps the post under Discord's limit by dropping middle event lines, never the header or footer. */
function fit(lines: string[], footer: string[]): string {
  const all = [...lines, ...footer];
  let text = all.join('\n');
  const body = [...lines];
  while (text.length > MAX_CONTENT && body.length > 1) {
    body.splice(1, 1);
    text = [...body, '…', ...footer].join('\n');
  }
  return text.slice(0, MAX_CONTENT);
}

