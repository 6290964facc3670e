import { ButtonStyle, ComponentType, MessageFlags, type APIActionRowComponent, type APIButtonComponentWithCustomId, type RepliableInteraction } from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { LoadedGame } from '../service/game-service.js';
import { isResign, setupEvents } from '../service/replay.js';
import { presentContext, presenterOf, type BotContext } from './context.js';
import { encodeId } from './custom-id.js';
import { refuse, type Handled } from './replies.js';

/** Room for one page of log lines in a message, leaving space for its heading. */
const PAGE_CHARS = 1800;

/**
 * The whole public log of a game as lines, in order: what its setup told everyone, then every
 * step as the game's own post lines, with the moves the bot made for absent players marked.
 * Built from the spectators' events only, so it holds nothing hidden.
 */
export function logLines(ctx: Pick<BotContext, 'presenters' | 'service'>, game: LoadedGame, t: Translate): string[] {
  const presenter = presenterOf(ctx, game.row.gameId);
  const pctx = { ...presentContext(ctx, game, 'en'), t };
  const lines = presenter.describe(setupEvents(game.def, game.row, game.seats.length), pctx);
  for (const entry of ctx.service.store.logOf(game.row.id)) {
    const player = pctx.players[entry.seat]?.name ?? `#${entry.seat + 1}`;
    if (entry.origin === 'timeout') lines.push(t(isResign(entry.action) ? 'post.timeout.removed' : 'post.timeout.moved', { player }));
    lines.push(...presenter.describe(entry.publicEvents as unknown[], pctx));
  }
  return lines;
}

/** Lines packed into pages that each fit a message; a single overlong line is cut. */
export function paginate(lines: string[], size = PAGE_CHARS): string[] {
  const pages: string[] = [];
  let page = '';
  for (const raw of lines) {
    const line = raw.length > size ? `${raw.slice(0, size - 1)}…` : raw;
    if (page.length > 0 && page.length + 1 + line.length > size) {
      pages.push(page);
      page = '';
    }
    page = page.length > 0 ? `${page}\n${line}` : line;
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

function pageButton(game: number, page: number, label: string, disabled: boolean): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, custom_id: encodeId({ kind: 'log', game, page }), label, style: ButtonStyle.Secondary, disabled };
}

/**
 * Shows one page of a game's log, only to the user who asked (page -1: the newest). Buttons page
 * back and forth; a click updates the same message.
 */
export async function showLog(ctx: BotContext, interaction: RepliableInteraction, gameId: number, page: number, t: Translate): Promise<Handled> {
  const game = ctx.service.load(gameId);
  if (!game || game.row.status === 'lobby') return refuse(interaction, t, 'refusal.not-running', {}, gameId);
  const pages = paginate(logLines(ctx, game, t));
  const shown = page < 0 || page >= pages.length ? pages.length - 1 : page;
  const heading = t('log.heading', { game: t(presenterOf(ctx, game.row.gameId).name), id: gameId, page: shown + 1, pages: pages.length });
  const row: APIActionRowComponent<APIButtonComponentWithCustomId> = {
    type: ComponentType.ActionRow,
    components: [pageButton(gameId, shown - 1, t('log.older'), shown === 0), pageButton(gameId, shown + 1, t('log.newer'), shown === pages.length - 1)],
  };
  const message = { content: `${heading}\n${pages[shown] ?? ''}`, components: pages.length > 1 ? [row] : [], allowedMentions: { parse: [] } };
  if (interaction.isMessageComponent()) await interaction.update(message);
  else await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
  return { game: gameId, action: 'log', outcome: `ok:${shown + 1}/${pages.length}` };
}
