import type { ChatInputCommandInteraction } from 'discord.js';
import type { Translate } from '../i18n/index.js';
import { leaderboard, recordsOf } from '../service/stats.js';
import { findPresenter, presenterOf, type BotContext } from './context.js';
import { refuse, tellPrivately, type Handled } from './replies.js';

const LEADERBOARD_SIZE = 10;

/** `/stats [user]`: a user's finished games in this server, per game: played, wins, places. */
export async function handleStats(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const user = interaction.options.getUser('user') ?? interaction.user;
  const records = recordsOf(ctx.service, interaction.guildId as string, user.id);
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
  await tellPrivately(interaction, lines.join('\n'));
  return { action: 'stats', outcome: `ok:${records.length}` };
}

/** `/leaderboard game`: the best players of one game in this server. */
export async function handleLeaderboard(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const gameId = interaction.options.getString('game', true);
  const presenter = findPresenter(ctx, gameId);
  if (!presenter) return refuse(interaction, t, 'refusal.unknown-game');
  const standings = leaderboard(ctx.service, interaction.guildId as string, gameId, LEADERBOARD_SIZE);
  const game = t(presenter.name);
  if (standings.length === 0) {
    await tellPrivately(interaction, t('leaderboard.none', { game }));
    return { action: 'leaderboard', outcome: 'ok:0' };
  }
  const lines = [t('leaderboard.heading', { game })];
  standings.forEach((s, i) => {
    const line = t('leaderboard.line', { rank: i + 1, user: `<@${s.userId}>`, wins: s.wins, played: s.played, average: s.averagePlace.toFixed(2).replace('.', t('number.decimal-point')) });
    const bots = s.againstBots.played > 0 ? t('leaderboard.against-bots', { wins: s.againstBots.wins, played: s.againstBots.played }) : '';
    lines.push(`${line}${bots}`);
  });
  await tellPrivately(interaction, lines.join('\n'));
  return { action: 'leaderboard', outcome: `ok:${standings.length}` };
}
