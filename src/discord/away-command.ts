import type { ChatInputCommandInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import { endTimeOff, REASON_LENGTH, startTimeOff, timeOffLeft, voteStandIn, type AwayGame } from '../service/time-off.js';
import type { BotContext } from './context.js';
import { cleanText, escapeName } from './player-name.js';
import { refuse, tellPrivately, type Handled } from './replies.js';

const canManageServer = (interaction: ChatInputCommandInteraction) => interaction.memberPermissions?.has('ManageGuild') ?? false;
const stamp = (ms: number, style: 'f' | 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;

/** Tells each of his running games why it waits (or no longer waits) for him, in the game's language. */
function tellGames(ctx: BotContext, games: readonly AwayGame[], line: (t: Translate, game: AwayGame) => string[]): void {
  for (const game of games) ctx.announcer.notify(game.row, line(translator(localeFrom(game.row.locale)), game).join('\n'));
}

/** `/away start days [reason]` and `/away end`: time off in this server, and the early return from it. */
export async function handleAway(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
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

/** `/game stand-in`: a player agrees to let the bot play for the players of this game who are away. */
export async function agreeToStandIn(ctx: BotContext, interaction: ChatInputCommandInteraction, row: GameRow, t: Translate): Promise<Handled> {
  const voted = await voteStandIn(ctx.service, row.id, interaction.user.id, canManageServer(interaction));
  if (!voted.ok) return refuse(interaction, t, `refusal.${voted.refusal}`, {}, row.id);
  const { granted, waiting } = voted.value;
  const pt = translator(localeFrom(row.locale));
  const names = (ids: readonly string[]) => ids.map((id) => `<@${id}>`).join(', ');
  if (granted.length > 0) {
    const until = Math.max(...granted.map((g) => g.until));
    ctx.announcer.notify(row, pt('stand-in.granted', { away: names(granted.map((g) => g.seat.userId)), time: stamp(until, 'f') }));
  }
  for (const w of waiting)
    ctx.announcer.notify(row, pt('stand-in.agreed', { user: `<@${interaction.user.id}>`, away: `<@${w.seat.userId}>`, needed: names(w.needed) }), w.needed);
  const away = names([...granted, ...waiting].map((g) => g.seat.userId));
  await tellPrivately(interaction, granted.length > 0 ? t('stand-in.granted.you', { away }) : t('stand-in.agreed.you'));
  return { game: row.id, action: 'stand-in', outcome: granted.length > 0 ? 'ok:granted' : 'ok:agreed' };
}
