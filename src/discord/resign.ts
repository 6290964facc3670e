import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import type { Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { presenterOf } from './views/present.js';
import { answerRow } from './components.js';
import { encodeId } from './custom-id.js';
import { placeWarning, refuse, type Handled } from './replies.js';

/**
 * `/game resign` asks first: leaving a game cannot be undone, so the player confirms with a
 * button on a private message, or keeps playing.
 */
export async function askToResign(ctx: BotContext, interaction: ChatInputCommandInteraction, row: GameRow, t: Translate): Promise<Handled> {
  const may = await ctx.service.mayResign(row.id, interaction.user.id);
  if (!may.ok) return refuse(interaction, t, `refusal.${may.refusal}`, {}, row.id);
  await interaction.reply({
    content: [placeWarning(row, t), t('resign.confirm', { game: t(presenterOf(ctx, row.gameId).name), id: row.id })].filter(Boolean).join('\n\n'),
    components: [
      answerRow(
        { id: encodeId({ kind: 'resign', game: row.id }), label: t('resign.yes') },
        { id: encodeId({ kind: 'keep', game: row.id }), label: t('resign.no') },
      ),
    ],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  return { game: row.id, action: 'resign', outcome: 'asked' };
}

/** The answer to the question: resign now, or keep playing. The question's message shows the outcome. */
export async function answerResign(ctx: BotContext, interaction: ButtonInteraction, kind: 'resign' | 'keep', gameId: number, t: Translate): Promise<Handled> {
  if (kind === 'keep') {
    await interaction.update({ content: t('resign.kept'), components: [] });
    return { game: gameId, action: 'resign', outcome: 'kept' };
  }
  const outcome = await ctx.service.resign(gameId, interaction.user.id);
  if (!outcome.ok) {
    await interaction.update({ content: t(`refusal.${outcome.refusal}`), components: [] });
    return { game: gameId, action: 'resign', outcome: `refused:${outcome.refusal}` };
  }
  // Committed: the post goes out whatever becomes of the answer.
  void ctx.announcer.post(gameId);
  await interaction.update({ content: t('resign.done'), components: [] });
  return { game: gameId, action: 'resign', outcome: 'ok' };
}
