import { MessageFlags, type Interaction, type Message } from 'discord.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { localeFrom, translator } from '../i18n/index.js';
import { decodeChoice, decodeId, type ComponentId } from './custom-id.js';
import type { BotContext, InteractionKind } from './context.js';
import { handleLobbyButton } from './lobby.js';
import { askBeforeMove, handleMove, handleUndo, showPanel } from './panel.js';
import { refuse, tellPrivately, type Handled } from './replies.js';
import { handleAutocomplete, handleSlash } from './slash.js';
import { showLog } from './game-log.js';
import { showReplay } from './replay.js';
import { answerCancel } from './cancel.js';
import { handleRematch } from './rematch.js';
import { isRulesPage, turnRulesPage } from './rules.js';
import { answerResign } from './resign.js';
import { handleBotSelect } from './lobby-bots.js';
import { databaseFolder, errorLine, freeSpaceAdvice, isBusy, isCommitUnknown, isDiskFull, isUnreachable } from '../service/storage.js';
import { outageLogOf } from './outage.js';
import type { GameRow } from '../db/schema.js';

/**
 * While the database is busy (another process holds its write lock), an interaction is tried
 * again for this long before the user is told to try again: well within Discord's 3 seconds.
 */
const BUSY_BUDGET_MS = 1500;
const BUSY_PAUSE_MS = 150;

/** Whether the user already got an answer (then trying again would act twice). */
function answered(interaction: Interaction): boolean {
  if (interaction.isAutocomplete()) return interaction.responded;
  return interaction.isRepliable() ? interaction.replied || interaction.deferred : true;
}

/**
 * Entry point of every interaction: dispatches it, reports it (kind, outcome, latency) for the
 * metrics, writes one debug line (game, user, action, outcome, latency) and turns any unexpected
 * error into a polite ephemeral answer.
 */
export async function routeInteraction(ctx: BotContext, interaction: Interaction): Promise<void> {
  // Another host holds this shard (this process was frozen, or is stopping): the click is its.
  if (ctx.acting && !ctx.acting()) return;
  const started = performance.now();
  const locale = localeFrom(interaction.locale);
  const t = translator(locale);
  let handled: Handled = { action: 'unknown', outcome: 'ignored' };
  for (;;) {
    try {
      handled = await dispatch(ctx, interaction, locale, t);
      outageLogOf(ctx.logger).reached();
      break;
    } catch (error) {
      // Every change is one transaction that takes the lock first: a busy database changed nothing.
      if (isBusy(error) && !answered(interaction)) {
        if (performance.now() - started < BUSY_BUDGET_MS) {
          await sleep(BUSY_PAUSE_MS);
          continue;
        }
        handled = { ...handled, outcome: 'busy' };
        if (interaction.isRepliable()) await tellPrivately(interaction, t('refusal.busy')).catch(() => undefined);
        break;
      }
      // PostgreSQL's server down or the connection cut: the transaction was rolled back. The pool
      // connects again by itself once the server is back; until then each click is told so.
      if (isUnreachable(error)) {
        handled = { ...handled, outcome: 'unreachable' };
        outageLogOf(ctx.logger).unreachable(error, interaction.user.id);
        // Cut while its commit was on the way: maybe made, so never "nothing was changed".
        const told = isCommitUnknown(error) ? 'refusal.commit-unknown' : 'refusal.unreachable';
        if (interaction.isRepliable()) await tellPrivately(interaction, t(told)).catch(() => undefined);
        break;
      }
      if (isDiskFull(error, databaseFolder(ctx.service.databaseFile))) {
        handled = { ...handled, outcome: 'disk-full' };
        await refuseDiskFull(ctx, interaction, t, error);
        break;
      }
      handled = { ...handled, outcome: 'error' };
      ctx.logger.error({ err: error, user: interaction.user.id, interaction: interaction.id }, 'interaction failed');
      if (interaction.isRepliable()) await tellPrivately(interaction, t('refusal.error')).catch(() => undefined);
      break;
    }
  }
  const latencyMs = performance.now() - started;
  ctx.activity.interaction(kindOf(interaction), handled.outcome, latencyMs);
  // At the info level a summary a minute stands for these lines (src/ops/summary.ts).
  ctx.logger.debug({ game: handled.game, user: interaction.user.id, action: handled.action, outcome: handled.outcome, latencyMs: Math.round(latencyMs) }, 'interaction');
}

function kindOf(interaction: Interaction): InteractionKind {
  if (interaction.isAutocomplete()) return 'autocomplete';
  if (interaction.isChatInputCommand()) return 'command';
  return interaction.isMessageComponent() ? 'component' : 'other';
}

/**
 * A change the disk had no room for. Every change is one transaction, so nothing of it was saved:
 * the user is told so, and the operator what to do about it.
 */
async function refuseDiskFull(ctx: BotContext, interaction: Interaction, t: ReturnType<typeof translator>, error: unknown): Promise<void> {
  const advice = freeSpaceAdvice(databaseFolder(ctx.service.databaseFile) ?? '.');
  ctx.logger.error({ user: interaction.user.id, interaction: interaction.id, error: errorLine(error) }, `the disk is full, so a change was refused and nothing of it was saved; ${advice}`);
  if (interaction.isRepliable()) await tellPrivately(interaction, t('refusal.disk-full')).catch(() => undefined);
}

/**
 * Whether a component may be used on the message it came with. A custom id is only data sent by a
 * client: moves, log pages and the question to resign live on the user's own private messages; the
 * lobby's buttons on its lobby message. The panel button works anywhere.
 */
function fitsMessage(kind: ComponentId['kind'], row: Pick<GameRow, 'lobbyMessageId'>, message: Message): boolean {
  const isPrivate = message.flags.has(MessageFlags.Ephemeral);
  switch (kind) {
    case 'join':
    case 'leave':
    case 'start':
    case 'cancel':
    case 'addbot':
    case 'rmbot':
      return !isPrivate && (row.lobbyMessageId === null || row.lobbyMessageId === message.id);
    case 'panel':
      return true;
    // On the last post of a finished game and on its lobby message.
    case 'rematch':
      return !isPrivate;
    // On the last post of a finished game: it opens a private replay.
    case 'replay':
      return !isPrivate;
    default:
      return isPrivate;
  }
}

async function dispatch(ctx: BotContext, interaction: Interaction, locale: ReturnType<typeof localeFrom>, t: ReturnType<typeof translator>): Promise<Handled> {
  if (interaction.isAutocomplete()) return handleAutocomplete(ctx, interaction);
  if (interaction.isChatInputCommand()) {
    const handled = await handleSlash(ctx, interaction, locale, t);
    const sub = interaction.options.getSubcommand(false);
    return { ...handled, action: [interaction.commandName, sub, handled.action].filter(Boolean).join(' ') };
  }
  if (!interaction.isButton() && !interaction.isStringSelectMenu()) return { action: 'unsupported', outcome: 'ignored' };
  if (isRulesPage(interaction.customId)) {
    if (!interaction.isStringSelectMenu()) return refuse(interaction, t, 'refusal.unknown-component');
    return turnRulesPage(ctx, interaction, t);
  }
  const id = decodeId(interaction.customId);
  if (!id) return refuse(interaction, t, 'refusal.unknown-component');
  // A game of another server is as good as unknown here: nothing of it is shown or changed.
  const row = await ctx.service.ownerOf(id.game);
  if (!row || row.guildId !== interaction.guildId) return refuse(interaction, t, 'refusal.game-not-found');
  if (!fitsMessage(id.kind, row, interaction.message)) return refuse(interaction, t, 'refusal.unknown-component', {}, id.game);
  switch (id.kind) {
    case 'join':
    case 'leave':
    case 'start':
    case 'cancel':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return handleLobbyButton(ctx, interaction, id.kind, id.game, t);
    case 'resign':
    case 'keep':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return answerResign(ctx, interaction, id.kind, id.game, t);
    case 'rematch':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return handleRematch(ctx, interaction, id.game, t);
    case 'cancelyes':
    case 'cancelno':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return answerCancel(ctx, interaction, id.kind, id.game, t);
    case 'addbot':
    case 'rmbot':
      if (!interaction.isStringSelectMenu()) return refuse(interaction, t, 'refusal.unknown-component');
      return handleBotSelect(ctx, interaction, id.kind, id.game, t);
    case 'panel':
      return showPanel(ctx, interaction, id.game, locale, t);
    case 'reopen':
      return showPanel(ctx, interaction, id.game, locale, t, undefined, { below: true });
    case 'act':
      return handleMove(ctx, interaction, id.game, id.version, { index: id.index, meaning: id.meaning }, locale, t);
    case 'ask':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return askBeforeMove(ctx, interaction, id.game, id.version, { index: id.index, meaning: id.meaning }, locale, t);
    case 'undo':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return handleUndo(ctx, interaction, id.game, id.seq, locale, t);
    case 'log':
      return showLog(ctx, interaction, id.game, { move: id.move, toward: id.toward }, t);
    case 'replay':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return showReplay(ctx, interaction, id.game, 0, t);
    case 'replayto':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return showReplay(ctx, interaction, id.game, id.move, t);
    case 'replaygo': {
      const value = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
      if (value === undefined || !/^\d{1,15}$/.test(value)) return refuse(interaction, t, 'refusal.unknown-component', {}, id.game);
      return showReplay(ctx, interaction, id.game, Number(value), t);
    }
    case 'pick': {
      const choice = decodeChoice(interaction.isStringSelectMenu() ? interaction.values[0] : undefined);
      if (choice === null) return refuse(interaction, t, 'refusal.illegal', {}, id.game);
      return handleMove(ctx, interaction, id.game, id.version, choice, locale, t);
    }
  }
}
