import { SlashCommandBuilder } from '@discordjs/builders';
import { localeFrom, translator, type Translate } from '../../i18n/index.js';
import { AWAY_DAYS, endTimeOff, REASON_LENGTH, startTimeOff, timeOffLeft, type AwayGame } from '../../service/time-off.js';
import type { BotContext } from '../context.js';
import { cleanText, escapeName } from '../player-name.js';
import { refuse, tellPrivately, type Handled } from '../replies.js';
import { integer, label, text, upTo, within, type CommandUse, type SlashCommand } from './declare.js';

/** A day and up, to the most a server allows at all. */
const DAYS = integer(1, AWAY_DAYS.max);
const REASON = text(REASON_LENGTH);

/** `/away start days [reason]` and `/away end`: time off in this server, and the early return from it. */
export const away: SlashCommand = {
  name: 'away',
  preconditions: ['in a server'],
  bounds: { days: DAYS, reason: REASON },
  define: () =>
    label(new SlashCommandBuilder(), 'away', 'command.away.description')
      .setDMPermission(false)
      .addSubcommand((s) =>
        label(s, 'start', 'command.away.start')
          .addIntegerOption((o) => within(label(o, 'days', 'command.away.days').setRequired(true), DAYS))
          .addStringOption((o) => upTo(label(o, 'reason', 'command.away.reason'), REASON)),
      )
      .addSubcommand((s) => label(s, 'end', 'command.away.end')),
  handle: handleAway,
};

const stamp = (ms: number, style: 'f' | 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;

/** Tells each of his running games why it waits (or no longer waits) for him, in the game's language. */
function tellGames(ctx: BotContext, games: readonly AwayGame[], line: (t: Translate, game: AwayGame) => string[]): void {
  for (const game of games) ctx.announcer.notify(game.row, line(translator(localeFrom(game.row.locale)), game).join('\n'));
}

/** `/away start days [reason]` and `/away end`: time off in this server, and the early return from it. */
async function handleAway({ ctx, interaction, t }: CommandUse): Promise<Handled> {
  const guildId = interaction.guildId as string;
  const userId = interaction.user.id;
  const user = `<@${userId}>`;
  if (interaction.options.getSubcommand() === 'end') {
    const ended = await endTimeOff(ctx.service, guildId, userId);
    if (!ended.ok) return refuse(interaction, t, `refusal.${ended.refusal}`);
    tellGames(ctx, ended.value.games, (pt, g) => [
      pt('away.back', { user }),
      ...(g.dueAt === null ? [] : [pt('away.notice.due', { time: stamp(g.dueAt, 'f'), relative: stamp(g.dueAt, 'R') })]),
    ]);
    await tellPrivately(interaction, t('away.ended'));
    return { action: 'end', outcome: `ok:${ended.value.games.length}` };
  }
  const maxDays = (await ctx.service.settings.guild(guildId)).awayDaysMax;
  const days = interaction.options.getInteger('days', true);
  // Text a member typed, shown to others: one line, no invisible characters, Markdown shown as typed.
  const typed = cleanText(interaction.options.getString('reason'), REASON_LENGTH);
  const started = await startTimeOff(ctx.service, { guildId, userId, days, reason: typed || null, maxDays });
  if (!started.ok) {
    const left = await timeOffLeft(ctx.service, guildId, userId, maxDays);
    return refuse(interaction, t, `refusal.${started.refusal}`, { max: maxDays, left });
  }
  const { timeOff, games, daysLeft } = started.value;
  const until = stamp(timeOff.until, 'f');
  tellGames(ctx, games, (pt, g) => [
    timeOff.reason ? pt('away.notice.reason', { user, time: until, reason: escapeName(timeOff.reason) }) : pt('away.notice', { user, time: until }),
    ...(g.dueAt === null ? [] : [pt('away.notice.due', { time: stamp(g.dueAt, 'f'), relative: stamp(g.dueAt, 'R') })]),
    pt('away.notice.stand-in'),
  ]);
  await tellPrivately(
    interaction,
    [t('away.started', { time: until, relative: stamp(timeOff.until, 'R') }), t('away.started.left', { days: daysLeft })].join('\n'),
  );
  return { action: 'start', outcome: `ok:${days}d:${games.length}` };
}
