import type { standingsEn } from './standings.en.js';

/** Dutch texts of ratings, profiles and time off: the keys of src/i18n/standings.en.ts. */
export const standingsNl: Record<keyof typeof standingsEn, string> = {
  'command.name.with_bots': 'met_bots',
  'command.leaderboard.with-bots': 'Zet ook de bots op de ranglijst (één per niveau)',
  'leaderboard.heading': '**{game}**: de beste spelers van deze server op rating',
  'leaderboard.heading.with-bots': '**{game}**: de beste spelers van deze server op rating, bots meegeteld',
  'leaderboard.line': '{rank}. {user}: rating **{rating}** ({played} gespeeld)',
  'leaderboard.unrated': 'Je hebt nog geen rating in {game}: speel een potje uit om er een te krijgen.',
  'rating.explained': '-# Een rating is een voorzichtige schatting van je kunnen: hij begint bij 0 en stijgt zodra je uitslagen meer laten zien dan geluk, het meest als je sterke spelers verslaat.',
  'rating.bot': 'Bot ({level})',

  'command.name.profile': 'profiel',
  'command.profile.description': 'Ratings, laatste uitslagen en vaakste tegenstanders van een speler in deze server',
  'command.profile.user': 'Van wie het profiel (standaard: van jou)',
  'command.profile.game': 'Alleen dit spel (standaard: elk spel dat hier gespeeld is)',
  'profile.heading': '**Profiel van {user}** in deze server',
  'profile.game': '• **{game}**: rating **{rating}** {trend}, {played} gespeeld, {wins} gewonnen, gemiddelde plaats {average}',
  'profile.trend.up': '(▲ {change} in de laatste {games} potjes)',
  'profile.trend.down': '(▼ {change} in de laatste {games} potjes)',
  'profile.trend.level': '(gelijk gebleven in de laatste {games} potjes)',
  'profile.trend.first': '(na een eerste potje)',
  'profile.recent': '**Laatste uitslagen**',
  'profile.result': '• {game} {date}: {place}e van {players}, rating {change}',
  'profile.result.link': '[{game} #{id}]({link})',
  'profile.rivals': '**Vaakst tegengekomen**',
  'profile.rival': '• {player}: {met} potjes samen, {ahead} keer voor, {behind} keer achter, {level} keer gelijk',
  'profile.chart.title': 'Rating van {name} door de tijd',
  'profile.chart.empty': 'Nog geen potjes met rating',
  'profile.chart.alt': 'Grafiek van de rating van {name} door de tijd: {series}.',
  'profile.chart.series': '{game} van {first} naar {last} in {games} potjes',
};
