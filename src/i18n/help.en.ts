/** English text of `/help`, joined into the bot's own catalogue (src/i18n/en.ts); src/i18n/help.nl.ts has it in Dutch. */
export const helpEn = {
  'command.name.help': 'help',
  'command.help.description': 'What this bot does, how to start a game, and its commands',
  'help.text': `**Tabletop Harbour** hosts board games in this server: {games}. Play with other members, against bots, or both; a game may take minutes or days.

**How to start**
1. \`/game new\` and choose a game: a lobby appears with **Join** and **Start** (add bots there too).
2. When everyone has joined, the host presses **Start**: the game gets a thread of its own.
3. On your turn, press **Open my panel** under the newest post: it shows only you your hand and the moves you may make. Keep it open: for 15 minutes after your last click it follows the game, and when your turn comes it shows up again at the bottom, under the newest post (the one above then says it is no longer live).

**Commands**
• \`/game new\`: open a lobby · \`/game panel\`, \`board\`, \`log\`, \`replay\`, \`resign\`, \`cancel\`: for the game you are in
• \`/games\`: your running games here
• \`/rules\`: the rules of a game
• \`/stats\`, \`/leaderboard\`, \`/profile\`: results and ratings
• \`/away\`: time off; your turns wait for you
• \`/settings\`: this server's settings and your own (reminders, pings)
• \`/help\`: this text`,
} as const;
