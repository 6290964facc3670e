import type { ButtonInteraction, Interaction, StringSelectMenuInteraction } from 'discord.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { localeFrom, translator } from '../i18n/index.js';
import { decodeId, type ComponentKind, type IdOf } from './custom-id.js';
import { COMPONENT_KINDS, PLACE_CHECKS, type AnyDeclaration } from './component-kinds.js';
import type { BotContext, InteractionKind } from './context.js';
import { refuse, tellPrivately, type Handled } from './replies.js';
import { handleAutocomplete, handleSlash } from './slash.js';
import { isRulesPage, turnRulesPage } from './commands/rules.js';
import { databaseFolder, errorLine, freeSpaceAdvice, isBusy, isCommitUnknown, isDiskFull, isUnreachable } from '../service/database-errors.js';
import { outageLogOf } from './outage.js';
import { NotActing } from './not-acting.js';
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
      // The lease went while the click was handled (this process froze, or is stopping): what it
      // would have sent was held back, and the shard's new owner answers the user.
      if (error instanceof NotActing) {
        handled = { ...handled, outcome: 'not-acting' };
        ctx.logger.warn(
          { user: interaction.user.id, interaction: interaction.id },
          "an interaction was left unanswered: this process lost the shard's lease while handling it, and the shard's new owner answers its players",
        );
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
  ctx.logger.debug(
    { game: handled.game, user: interaction.user.id, action: handled.action, outcome: handled.outcome, latencyMs: Math.round(latencyMs) },
    'interaction',
  );
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
  ctx.logger.error(
    { user: interaction.user.id, interaction: interaction.id, error: errorLine(error) },
    `the disk is full, so a change was refused and nothing of it was saved; ${advice}`,
  );
  if (interaction.isRepliable()) await tellPrivately(interaction, t('refusal.disk-full')).catch(() => undefined);
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
  return runDeclared(ctx, interaction, id, row, locale, t);
}

/** A click checked against its kind's declaration (./component-kinds.ts): its place, then its sort; then handled. */
function runDeclared<K extends ComponentKind>(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  id: IdOf<K>,
  row: Pick<GameRow, 'lobbyMessageId'>,
  locale: ReturnType<typeof localeFrom>,
  t: ReturnType<typeof translator>,
): Promise<Handled> {
  const declared = COMPONENT_KINDS[id.kind] as AnyDeclaration<K>;
  if (!PLACE_CHECKS[declared.place](row, interaction.message)) return refuse(interaction, t, 'refusal.unknown-component', {}, id.game);
  if (declared.accepts === 'button') {
    if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component', {}, id.game);
    return declared.handle({ ctx, interaction, id, locale, t });
  }
  if (!interaction.isStringSelectMenu()) return refuse(interaction, t, 'refusal.unknown-component', {}, id.game);
  return declared.handle({ ctx, interaction, id, locale, t });
}
