import { SlashCommandBuilder } from '@discordjs/builders';
import { recordsOf } from '../../service/stats.js';
import { tellPrivately, withList, type Handled } from '../replies.js';
import { presenterOf } from '../views/present.js';
import { label, type CommandUse, type SlashCommand } from './declare.js';

/** `/stats [user]`: a member's games and results in this server. */
export const stats: SlashCommand = {
  name: 'stats',
  preconditions: ['in a server'],
  bounds: {},
  define: () =>
    label(new SlashCommandBuilder(), 'stats', 'command.stats.description')
      .setDMPermission(false)
      .addUserOption((o) => label(o, 'user', 'command.stats.user')),
  handle: showStats,
};

/** `/stats [user]`: a user's finished games in this server, per game: played, wins, places. */
async function showStats({ ctx, interaction, t }: CommandUse): Promise<Handled> {
  const user = interaction.options.getUser('user') ?? interaction.user;
  const records = await recordsOf(ctx.service, interaction.guildId as string, user.id);
  if (records.length === 0) {
    await tellPrivately(interaction, t('stats.none', { user: `<@${user.id}>` }));
    return { action: 'stats', outcome: 'ok:0' };
  }
  const lines = [t('stats.heading', { user: `<@${user.id}>` })];
  for (const record of records) {
    // Only the places he reached: "2× 1st place, 1× 3rd place", never "0× place 2".
    const places = record.places.flatMap((count, i) => (count > 0 ? [t('stats.place', { place: i + 1, count })] : [])).join(', ');
    lines.push(t('stats.line', { game: t(presenterOf(ctx, record.gameId).name), played: record.played, wins: record.wins, places }));
  }
  await tellPrivately(
    interaction,
    withList((list) => list, lines, t),
  );
  return { action: 'stats', outcome: `ok:${records.length}` };
}
