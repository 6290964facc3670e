import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotLevel } from '../../db/schema.js';
import { awayNow } from '../../service/time-off.js';
import { textName } from '../player-name.js';
import { tellPrivately, withList, type Handled } from '../replies.js';
import { gameLink, presenterOf } from '../views/present.js';
import { label, type CommandUse, type SlashCommand } from './declare.js';

/** `/games`: the user's open games in this server. */
export const games: SlashCommand = {
  name: 'games',
  preconditions: ['in a server'],
  bounds: {},
  define: () => label(new SlashCommandBuilder(), 'games', 'command.games.description').setDMPermission(false),
  handle: listGames,
};

/**
 * `/games`: the user's lobbies and running games in this server. Games waiting for him come
 * first, the longest wait first; each line links to the game and says when the move is due.
 */
async function listGames({ ctx, interaction, t }: CommandUse): Promise<Handled> {
  const guildId = interaction.guildId as string;
  const mine = await ctx.service.activeGamesOf(guildId, interaction.user.id);
  const myTimeOff = (await awayNow(ctx.service, guildId, [interaction.user.id])).get(interaction.user.id);
  const away = myTimeOff ? [t('games.you-away', { time: `<t:${Math.floor(myTimeOff.until / 1000)}:f>` })] : [];
  if (mine.length === 0) {
    await tellPrivately(interaction, [...away, t('games.none')].join('\n'));
    return { action: 'games', outcome: 'ok:0' };
  }
  const lines = await Promise.all(
    mine.map(async ({ game: row, seat }) => {
      const presenter = presenterOf(ctx, row.gameId);
      let state = t('games.state.lobby');
      let yourTurn = false;
      if (row.status === 'running') {
        const game = await ctx.service.load(row.id);
        const toAct = game ? game.def.toAct((await ctx.service.shownTo(game, seat)).state) : [];
        yourTurn = toAct.includes(seat);
        state = yourTurn
          ? t('games.state.your-turn')
          : t('games.state.waiting', { players: toAct.map((s) => (game?.seats[s] ? textName(game.seats[s]) : '?')).join(', ') });
        if (row.deadlineAt !== null) state += `, ${t('games.deadline', { relative: `<t:${Math.floor(row.deadlineAt / 1000)}:R>` })}`;
        // Why the wait is long: those it waits for who are away, and until when.
        const waited = toAct.flatMap((s) => game?.seats[s] ?? []).filter((s) => s.botLevel === null && s.userId !== interaction.user.id);
        for (const [userId, off] of await awayNow(
          ctx.service,
          guildId,
          waited.map((s) => s.userId),
        )) {
          const seat = waited.find((s) => s.userId === userId);
          if (seat) state += t('games.away', { user: textName(seat), time: `<t:${Math.floor(off.until / 1000)}:f>` });
        }
      }
      const bots = (await ctx.service.seatsOf(row.id)).filter((s) => s.botLevel !== null);
      if (bots.length > 0)
        state += t('games.bots', { bots: bots.map((s) => t('lobby.bot', { name: textName(s), level: t(`bot.level.${s.botLevel as BotLevel}`) })).join(', ') });
      // The game's name is the link to its place: no bare URL in the list.
      return { yourTurn, since: row.waitingSince ?? row.updatedAt, text: t('games.line', { game: t(presenter.name), id: row.id, state, link: gameLink(row) }) };
    }),
  );
  // Games waiting for this user first, the oldest wait first; then the others, newest first.
  lines.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || (a.yourTurn ? a.since - b.since : b.since - a.since));
  await tellPrivately(
    interaction,
    withList(
      (list) => [...away, t('games.header'), list].join('\n'),
      lines.map((l) => `• ${l.text}`),
      t,
    ),
  );
  return { action: 'games', outcome: `ok:${mine.length}` };
}
