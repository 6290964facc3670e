import type { ChatInputCommandInteraction } from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { BotLevel } from '../db/schema.js';
import { recordsOf } from '../service/stats.js';
import { ratingBoard, SHARED_RATINGS, type RatedStanding } from '../service/standings.js';
import type { BotContext } from './context.js';
import { findPresenter, presenterOf } from './views/present.js';
import { refuse, tellPrivately, withList, type Handled } from './replies.js';

const LEADERBOARD_SIZE = 10;

/** `/stats [user]`: a user's finished games in this server, per game: played, wins, places. */
export async function handleStats(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
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

/** How a rated player is named: a member by a mention (the answer pings nobody), a bot level by its level. */
export function ratedName(playerId: string, t: Translate): string {
  const level = /^bot:(easy|normal|hard)$/.exec(playerId)?.[1] as BotLevel | undefined;
  return level ? t('rating.bot', { level: t(`bot.level.${level}`) }) : `<@${playerId}>`;
}

/**
 * `/leaderboard game [with_bots] [everywhere]`: the best players of one game in this server (or, in
 * a server that shares its ratings, in the shared ratings) by rating, people only unless asked, and
 * the member's own place below them when he is not among them.
 */
export async function handleLeaderboard(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
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
