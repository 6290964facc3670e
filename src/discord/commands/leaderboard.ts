import { SlashCommandBuilder } from '@discordjs/builders';
import { ratingBoard, SHARED_RATINGS, type RatedStanding } from '../../service/standings.js';
import { ratedName } from '../player-name.js';
import { refuse, tellPrivately, withList, type Handled } from '../replies.js';
import { findPresenter } from '../views/present.js';
import { label, oneOf, type CommandUse, type SlashCommand } from './declare.js';

const LEADERBOARD_SIZE = 10;

/** `/leaderboard game [with_bots] [everywhere]`: a game's ratings, in this server or shared. */
export const leaderboard: SlashCommand = {
  name: 'leaderboard',
  preconditions: ['in a server'],
  bounds: { game: oneOf(32) },
  define: ({ games }) =>
    label(new SlashCommandBuilder(), 'leaderboard', 'command.leaderboard.description')
      .setDMPermission(false)
      .addStringOption((o) =>
        label(o, 'game', 'command.rules.game')
          .setRequired(true)
          .addChoices(...games),
      )
      .addBooleanOption((o) => label(o, 'with_bots', 'command.leaderboard.with-bots'))
      .addBooleanOption((o) => label(o, 'everywhere', 'command.leaderboard.everywhere')),
  handle: showLeaderboard,
};

/**
 * `/leaderboard game [with_bots] [everywhere]`: the best players of one game in this server (or, in
 * a server that shares its ratings, in the shared ratings) by rating, people only unless asked, and
 * the member's own place below them when he is not among them.
 */
async function showLeaderboard({ ctx, interaction, t }: CommandUse): Promise<Handled> {
  const gameId = interaction.options.getString('game', true);
  const presenter = findPresenter(ctx, gameId);
  if (!presenter) return refuse(interaction, t, 'refusal.unknown-game');
  const withBots = interaction.options.getBoolean('with_bots') ?? false;
  const shared = interaction.options.getBoolean('everywhere') ?? false;
  const guildId = interaction.guildId as string;
  // Only a server that shares its games sees the others': the shared ratings are theirs.
  if (shared && !(await ctx.service.settings.guild(guildId)).sharedRatings) return refuse(interaction, t, 'refusal.ratings-not-shared');
  const board = await ratingBoard(ctx.service, shared ? SHARED_RATINGS : guildId, gameId, { limit: LEADERBOARD_SIZE, withBots, viewerId: interaction.user.id });
  const game = t(presenter.name);
  if (board.top.length === 0) {
    await tellPrivately(interaction, t('leaderboard.none', { game }));
    return { action: 'leaderboard', outcome: 'ok:0' };
  }
  const line = (s: RatedStanding) => t('leaderboard.line', { rank: s.place, user: ratedName(s.playerId, t), rating: s.rating, played: s.played });
  const heading = shared
    ? withBots
      ? 'leaderboard.heading.shared.with-bots'
      : 'leaderboard.heading.shared'
    : withBots
      ? 'leaderboard.heading.with-bots'
      : 'leaderboard.heading';
  const lines = [t(heading, { game }), ...board.top.map(line)];
  if (board.viewer) lines.push('…', line(board.viewer));
  else if (!board.viewerRated) lines.push('', t('leaderboard.unrated', { game }));
  await tellPrivately(
    interaction,
    withList((list) => [list, t('rating.explained')].join('\n'), lines, t),
  );
  return { action: 'leaderboard', outcome: `ok:${board.top.length}` };
}
