/**
 * English texts of ratings, profiles and time off, joined into the bot's own catalogue
 * (src/i18n/en.ts); src/i18n/standings.nl.ts has the same keys in Dutch.
 */
export const standingsEn = {
  // --- /leaderboard by rating
  'command.name.with_bots': 'with_bots',
  'command.leaderboard.with-bots': 'Rank the bot players too (one per level)',
  'leaderboard.heading': '**{game}**: the best players of this server by rating',
  'leaderboard.heading.with-bots': '**{game}**: the best players of this server by rating, bots included',
  'leaderboard.line': '{rank}. {user}: rating **{rating}** ({played} played)',
  'leaderboard.unrated': 'You have no rating in {game} yet: finish a game to get one.',
  'rating.explained': '-# A rating is a cautious estimate of skill: it starts at 0 and rises as results show more than luck, most for beating strong players.',
  'rating.bot': 'Bot ({level})',

  // --- /profile
  'command.name.profile': 'profile',
  'command.profile.description': "A player's ratings, last results and most met opponents in this server",
  'command.profile.user': 'Whose profile (default: yours)',
  'command.profile.game': 'Only this game (default: every game played here)',
  'profile.heading': '**Profile of {user}** in this server',
  'profile.game': '• **{game}**: rating **{rating}** {trend}, {played} played, {wins} won, average place {average}',
  'profile.trend.up': '(▲ {change} over the last {games} games)',
  'profile.trend.down': '(▼ {change} over the last {games} games)',
  'profile.trend.level': '(unchanged over the last {games} games)',
  'profile.trend.first': '(after a first game)',
  'profile.recent': '**Last results**',
  'profile.result': '• {game} {date}: place {place} of {players}, rating {change}',
  'profile.result.link': '[{game} #{id}]({link})',
  'profile.rivals': '**Met most**',
  'profile.rival': '• {player}: {met} games together, ahead {ahead}, behind {behind}, level {level}',
  'profile.chart.title': 'Rating of {name} over time',
  'profile.chart.empty': 'No rated games yet',
  'profile.chart.alt': 'Chart of the rating of {name} over time: {series}.',
  'profile.chart.series': '{game} from {first} to {last} over {games} games',
} as const;
