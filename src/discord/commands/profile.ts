import { SlashCommandBuilder } from '@discordjs/builders';
import { AttachmentBuilder, MessageFlags } from 'discord.js';
import { numberText, signedText, tn, type Locale, type Translate } from '../../i18n/index.js';
import { drawLineChart } from '../../render/chart.js';
import { PLAYER_COLOURS, type PlayerColour } from '../../render/palette.js';
import { profileOf, SHARED_RATINGS, type GameProfile, type Profile } from '../../service/standings.js';
import { DISCORD_LIMITS, fitText } from '../../text-fit.js';
import type { BotContext } from '../context.js';
import { durationText } from '../duration.js';
import { firstNonEmptyName, ratedName } from '../player-name.js';
import { refuse, tellPrivately, withList, type Handled } from '../replies.js';
import { findPresenter, gameLink, presenterOf } from '../views/present.js';
import { label, oneOf, type CommandUse, type SlashCommand } from './declare.js';

/** `/profile [user] [game] [everywhere]`: a member's ratings and record, game by game. */
export const profile: SlashCommand = {
  name: 'profile',
  preconditions: ['in a server'],
  bounds: { game: oneOf(32) },
  define: ({ games }) =>
    label(new SlashCommandBuilder(), 'profile', 'command.profile.description')
      .setDMPermission(false)
      .addUserOption((o) => label(o, 'user', 'command.profile.user'))
      .addStringOption((o) => label(o, 'game', 'command.profile.game').addChoices(...games))
      .addBooleanOption((o) => label(o, 'everywhere', 'command.profile.everywhere')),
  handle: showProfile,
};

/** A number with the reader's decimal sign: "1.5" or "1,5". */
const decimal = (value: number, digits: number, t: Translate) => value.toFixed(digits).replace('.', t('number.decimal-point'));

/** Each game keeps one colour in every profile: the registry's order. */
function colourOf(ctx: BotContext, gameId: string): PlayerColour {
  const index = Object.keys(ctx.presenters).indexOf(gameId);
  return PLAYER_COLOURS[Math.max(0, index) % PLAYER_COLOURS.length] as PlayerColour;
}

function trendText(game: GameProfile, t: Translate): string {
  if (game.trendGames <= 1) return t('profile.trend.first');
  const params = { change: Math.abs(game.trend), games: game.trendGames };
  return t(game.trend > 0 ? 'profile.trend.up' : game.trend < 0 ? 'profile.trend.down' : 'profile.trend.level', params);
}

/** The profile in words: per game, the last results with links, the players met most. */
function profileText(ctx: BotContext, profile: Profile, userId: string, guildId: string, shared: boolean, locale: Locale, t: Translate): string {
  const gameName = (gameId: string) => t(presenterOf(ctx, gameId).name);
  const lines = [t(shared ? 'profile.heading.shared' : 'profile.heading', { user: `<@${userId}>` })];
  for (const g of profile.games) {
    // The shared ratings have no records of wins, places and times across servers: a server's own.
    if (shared) {
      lines.push(t('profile.game.shared', { game: gameName(g.gameId), rating: g.rating, trend: trendText(g, t), played: g.played }));
      continue;
    }
    const average = g.averagePlace === null ? '–' : decimal(g.averagePlace, 2, t);
    const pace = g.averageMoveMs === null ? '' : t('profile.pace', { time: durationText(g.averageMoveMs, locale) });
    lines.push(t('profile.game', { game: gameName(g.gameId), rating: g.rating, trend: trendText(g, t), played: g.played, wins: g.wins, average }) + pace);
  }
  if (profile.recent.length > 0) lines.push(t('profile.recent'));
  for (const r of profile.recent) {
    // A game of this server only: a stored place in another server would be a link elsewhere.
    const where = r.where && r.where.guildId === guildId ? r.where : undefined;
    const game = where
      ? t('profile.result.link', { game: gameName(r.gameId), id: r.gameRowId, link: gameLink(where) })
      : `${gameName(r.gameId)} #${r.gameRowId}`;
    lines.push(t('profile.result', { game, date: `<t:${Math.floor(r.at / 1000)}:d>`, place: r.place, players: r.players, change: signedText(r.change) }));
  }
  if (profile.rivals.length > 0) lines.push(t('profile.rivals'));
  for (const r of profile.rivals)
    lines.push(
      tn(locale, 'profile.rival', r.met, { player: ratedName(r.playerId, t), met: r.met, ahead: r.ahead, behind: r.behind, level: r.met - r.ahead - r.behind }),
    );
  return withList((list) => [list, t('rating.explained')].join('\n'), lines, t);
}

/** Dates on the chart's axis as precise as its span needs: hours within two days, months and years past most of a year. */
function dateFormat(locale: Locale, spanMs: number): Intl.DateTimeFormat {
  const day = 86_400_000;
  if (spanMs < 2 * day) return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return new Intl.DateTimeFormat(locale, spanMs > 300 * day ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' });
}

/** The chart's picture and its description for screen readers. */
async function chartOf(ctx: BotContext, profile: Profile, name: string, locale: Locale, t: Translate): Promise<AttachmentBuilder> {
  // A point per game (the first of `points` is the rating before the oldest one, said in words only).
  const series = profile.games.map((g) => ({
    label: t(presenterOf(ctx, g.gameId).name),
    colour: colourOf(ctx, g.gameId),
    points: g.points.slice(1).map((p) => ({ x: p.at, y: p.rating })),
  }));
  const moments = series.flatMap((s) => s.points.map((p) => p.x));
  const dates = dateFormat(locale, moments.length === 0 ? 0 : Math.max(...moments) - Math.min(...moments));
  const png = await drawLineChart({ title: t('profile.chart.title', { name }), series, xLabel: (x) => dates.format(x), empty: t('profile.chart.empty') });
  const described = profile.games
    .map((g) => {
      const games = Math.max(0, g.points.length - 1);
      return tn(locale, 'profile.chart.series', games, {
        game: t(presenterOf(ctx, g.gameId).name),
        first: numberText(g.points[0]?.rating ?? 0),
        last: numberText(g.rating),
        games,
      });
    })
    .join('; ');
  const alt = t('profile.chart.alt', { name, series: described || t('profile.chart.empty') });
  return new AttachmentBuilder(png, { name: 'rating.png', description: fitText(alt, DISCORD_LIMITS.altText) });
}

/**
 * `/profile [user] [game] [everywhere]`: a member's ratings per game with their trend, games, wins and average
 * place and time per move, his last results with links, the players he met most and a chart of his ratings over
 * time, privately. Read from the aggregates only; the chart is drawn after the answer is deferred.
 */
async function showProfile({ ctx, interaction, locale, t }: CommandUse): Promise<Handled> {
  const gameId = interaction.options.getString('game');
  if (gameId !== null && !findPresenter(ctx, gameId)) return refuse(interaction, t, 'refusal.unknown-game');
  const user = interaction.options.getUser('user') ?? interaction.user;
  const member = interaction.options.getMember('user') ?? (user.id === interaction.user.id ? interaction.member : null);
  const nickname = member && 'nick' in member ? member.nick : null;
  const name = firstNonEmptyName(nickname, user.globalName, user.username) || user.id;
  const guildId = interaction.guildId as string;
  const shared = interaction.options.getBoolean('everywhere') ?? false;
  if (shared && !(await ctx.service.settings.guild(guildId)).sharedRatings) return refuse(interaction, t, 'refusal.ratings-not-shared');
  const profile = await profileOf(ctx.service, shared ? SHARED_RATINGS : guildId, user.id, gameId ?? undefined);
  if (profile.games.length === 0) {
    await tellPrivately(interaction, t('stats.none', { user: `<@${user.id}>` }));
    return { action: 'profile', outcome: 'ok:0' };
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const chart = await chartOf(ctx, profile, name, locale, t);
  await interaction.editReply({ content: profileText(ctx, profile, user.id, guildId, shared, locale, t), files: [chart], allowedMentions: { parse: [] } });
  return { action: 'profile', outcome: `ok:${profile.games.length}` };
}
