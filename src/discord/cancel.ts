import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { presenterOf } from './views/present.js';
import { answerRow } from './components.js';
import { encodeId } from './custom-id.js';
import { closeLobbyMessage } from './lobby-close.js';
import { placeWarning, refuse, type Handled } from './replies.js';

/** How long the answer to "Yes, cancel" waits for a check of the players still needed (Discord wants an answer within 3 s). */
const CHECK_WAIT_MS = 1500;

/**
 * Cancelling asks first, as resigning does: `/game cancel` and the lobby's Cancel button get a
 * private question with "Yes, cancel" and "No, keep it"; only the answer cancels (or, for a
 * running game, adds the player's agreement).
 */
export async function askToCancel(ctx: BotContext, interaction: ChatInputCommandInteraction | ButtonInteraction, row: GameRow, t: Translate): Promise<Handled> {
  const canManage = interaction.memberPermissions?.has('ManageGuild') ?? false;
  // A running game ends at once only for someone who may manage the server; else this is a request.
  const atOnce = row.status === 'lobby' || canManage;
  // Whose agreement is needed: not a player who left the server. Checked first, so that a request
  // made earlier, which waited for him, goes through now (then the game is no longer running).
  if (!atOnce) await ctx.members?.checkGame(row.id, row.guildId, interaction.user.id, true, CHECK_WAIT_MS);
  const may = await ctx.service.mayCancel(row.id, interaction.user.id, canManage);
  if (!may.ok) return refuse(interaction, t, `refusal.${may.refusal}`, {}, row.id);
  const game = t(presenterOf(ctx, row.gameId).name);
  const question = atOnce ? t('cancel.confirm', { game, id: row.id }) : t('cancel.confirm.request', { game, id: row.id });
  await interaction.reply({
    content: [placeWarning(row, t), question].filter(Boolean).join('\n\n'),
    components: [
      answerRow(
        { id: encodeId({ kind: 'cancelyes', game: row.id }), label: t('cancel.yes') },
        { id: encodeId({ kind: 'cancelno', game: row.id }), label: t('cancel.no') },
      ),
    ],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  return { game: row.id, action: 'cancel', outcome: 'asked' };
}

/** The answer: cancel (or agree to cancel) now, or keep the game. The question's message shows the outcome. */
export async function answerCancel(
  ctx: BotContext,
  interaction: ButtonInteraction,
  kind: 'cancelyes' | 'cancelno',
  gameId: number,
  t: Translate,
): Promise<Handled> {
  if (kind === 'cancelno') {
    await interaction.update({ content: t('cancel.kept'), components: [] });
    return { game: gameId, action: 'cancel', outcome: 'kept' };
  }
  const canManage = interaction.memberPermissions?.has('ManageGuild') ?? false;
  const asked = await ctx.service.gameRow(gameId);
  // Checked again in case the question was asked long ago (a member is asked about once in ten minutes at most).
  if (asked?.status === 'running' && !canManage) await ctx.members?.checkGame(gameId, asked.guildId, interaction.user.id, true, CHECK_WAIT_MS);
  // Read again: learning that someone left may have cancelled the game already.
  const row = await ctx.service.gameRow(gameId);
  const outcome = await ctx.service.cancel(gameId, interaction.user.id, canManage);
  if (!row || !outcome.ok) {
    await interaction.update({ content: t(outcome.ok ? 'refusal.game-not-found' : `refusal.${outcome.refusal}`), components: [] });
    return { game: gameId, action: 'cancel', outcome: outcome.ok ? 'refused' : `refused:${outcome.refusal}` };
  }
  if (outcome.value.cancelled) {
    const announced = announceCancel(ctx, outcome.value.row, row.status === 'running', interaction.user.id);
    await interaction.update({ content: t('cancel.done'), components: [] });
    await announced;
    return { game: gameId, action: 'cancel', outcome: 'ok' };
  }
  const publicT = translator(localeFrom(row.locale));
  const needed = outcome.value.needed;
  ctx.announcer.notify(row, publicT('cancel.agreed', { user: `<@${interaction.user.id}>`, needed: needed.map((id) => `<@${id}>`).join(', ') }), needed);
  await interaction.update({ content: [placeWarning(row, t), t('cancel.agreed.you')].filter(Boolean).join('\n\n'), components: [] });
  return { game: gameId, action: 'cancel', outcome: `agreed:${outcome.value.agreed.length}` };
}

/** Tells the game's place that it was cancelled, and closes the lobby message's buttons. */
async function announceCancel(ctx: BotContext, row: GameRow, wasRunning: boolean, userId: string): Promise<void> {
  const publicT = translator(localeFrom(row.locale));
  const note = publicT(wasRunning ? 'post.cancelled' : 'lobby.cancelled', { user: `<@${userId}>` });
  if (wasRunning) ctx.announcer.notify(row, note);
  // The lobby message is a courtesy; the notice in the game's place is what must arrive.
  await closeLobbyMessage(ctx, row, note);
}
