import { MessageFlags, type ButtonInteraction, type RepliableInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { LoadedGame } from '../service/game-service.js';
import type { SeatRow } from '../db/schema.js';
import { localeFrom, translator, type Locale, type Translate } from '../i18n/index.js';
import { confirmRow, panelRows } from './components.js';
import type { BotContext } from './context.js';
import { labelContext, presentContext, presenterOf } from './views/present.js';
import { placeWarning, refuse, type Handled } from './replies.js';
import { whenWritable } from '../service/storage.js';
import { callsForPost } from './turn-posts.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

/** Whether the game, running, waits for this seat now. */
export function isHisTurn(game: LoadedGame, seat: number): boolean {
  return game.row.status === 'running' && (game.def.toAct(game.state) as number[]).includes(seat);
}

/** A seated player's panel at the game's current version, in the user's language. */
export async function panelMessage(ctx: BotContext, game: LoadedGame, seat: number, locale: Locale, note?: string) {
  const presenter = presenterOf(ctx, game.row.gameId);
  const pctx = presentContext(ctx, game, locale);
  // His own moves, but not the others' that may still be taken back; the choices go by the real game.
  const view = game.def.view((await ctx.service.shownTo(game, seat)).state, seat);
  const running = game.row.status === 'running';
  const legal = isHisTurn(game, seat) ? game.def.legalActions(game.state, seat) : [];
  const panel = presenter.panel(view, legal, pctx);
  // Labels are not Markdown: where escaping changed a name, they are made again with the names as typed.
  const labelled = labelContext(pctx);
  const labels = labelled === pctx ? panel : presenter.panel(view, legal, labelled);
  const content = [placeWarning(game.row, pctx.t), note, `#${game.row.id} · ${panel.text}`].filter(Boolean).join('\n\n');
  const undoSeq = running ? await ctx.service.undoableMove(game, seat) : null;
  return { content: fitText(content, DISCORD_LIMITS.content), components: panelRows(labels, game.row.id, game.row.version, pctx.t, undoSeq), allowedMentions: { parse: [] } };
}

/** Shows the panel: a new ephemeral reply, or, when asked from a panel, that panel updated in place. */
export async function showPanel(ctx: BotContext, interaction: RepliableInteraction, gameId: number, locale: Locale, t: Translate, note?: string): Promise<Handled> {
  let game = await ctx.service.load(gameId);
  if (!game) return refuse(interaction, t, 'refusal.game-not-found', {}, gameId);
  if (game.row.status === 'lobby') return refuse(interaction, t, 'refusal.not-running', {}, gameId);
  if (game.row.status === 'cancelled') return refuse(interaction, t, 'refusal.not-running', {}, gameId);
  const found = game.seats.find((s) => s.userId === interaction.user.id);
  if (found === undefined) return refuse(interaction, t, 'panel.spectator', {}, gameId);
  const { seated, game: current } = await playerAtTable(ctx, game, found);
  game = current;
  const { seat } = seated;
  // A move whose answer did not reach him: he learns here that it was made.
  const unanswered = seated.unansweredVersion !== null && note === undefined ? t('panel.unanswered') : undefined;
  const message = await panelMessage(ctx, game, seat, locale, note ?? unanswered);
  // Told once: cleared before answering, so that a second click meanwhile does not tell it again.
  if (seated.unansweredVersion !== null) await ctx.service.noteUnanswered(gameId, seat, null);
  const fromPanel = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  if (fromPanel) await interaction.update(message);
  else await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
  ctx.panels.shown(gameId, interaction.user.id, interaction, locale, game.row.version, false, isHisTurn(game, seat));
  return { game: gameId, action: 'panel', outcome: 'ok' };
}

/**
 * A player opens his panel: if the bot had learned that he left the server, he is evidently back,
 * and his seat is his again (the others are told). If the game waits for someone else, whether
 * they are still members is checked meanwhile (src/bot/member-checks.ts: once in ten minutes each).
 */
async function playerAtTable(ctx: BotContext, game: LoadedGame, seated: SeatRow): Promise<{ seated: SeatRow; game: LoadedGame }> {
  const { row } = game;
  if (row.status !== 'running') return { seated, game };
  if (seated.leftAt !== null && !seated.resigned && (await ctx.service.members.back(row.id, seated.userId))) {
    ctx.announcer.notify(row, translator(localeFrom(row.locale))('left.back', { user: `<@${seated.userId}>` }));
    const back = (await ctx.service.load(row.id)) ?? game;
    return { seated: back.seats[seated.seat] ?? seated, game: back };
  }
  if ((game.def.toAct(game.state) as number[]).some((seat) => seat !== seated.seat)) void ctx.members?.checkGame(row.id, row.guildId, seated.userId, false);
  return { seated, game };
}

/** A move chosen in a panel: a button (`index` given) or a select menu (index in the value). */
export async function handleMove(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  gameId: number,
  version: number,
  index: number,
  locale: Locale,
  t: Translate,
): Promise<Handled> {
  ctx.panels.answering(gameId, interaction.user.id);
  return answerMove(ctx, interaction, await ctx.service.act(gameId, interaction.user.id, version, index), gameId, locale, t);
}

/**
 * A move that asks first: the panel shows the presenter's question with Yes (the move, at the
 * same version) and Back. Nothing changes until Yes; an outdated question is refused like a move.
 */
export async function askBeforeMove(ctx: BotContext, interaction: ButtonInteraction, gameId: number, version: number, index: number, locale: Locale, t: Translate): Promise<Handled> {
  const game = await ctx.service.load(gameId);
  const seat = game ? ctx.service.seatOf(game, interaction.user.id) : undefined;
  const fresh = game !== undefined && seat !== undefined && game.row.version === version && isHisTurn(game, seat);
  if (!fresh) return handleMove(ctx, interaction, gameId, version, index, locale, t);
  const pctx = presentContext(ctx, game, locale);
  const view = game.def.view((await ctx.service.shownTo(game, seat)).state, seat);
  const panel = presenterOf(ctx, game.row.gameId).panel(view, game.def.legalActions(game.state, seat), pctx);
  const choice = panel.groups.flatMap((g) => g.choices).find((c) => c.index === index);
  if (!choice?.confirm) return handleMove(ctx, interaction, gameId, version, index, locale, t);
  await interaction.update({ content: `#${gameId} · ${choice.confirm}`, components: [confirmRow(gameId, version, index, pctx.t)], allowedMentions: { parse: [] } });
  // Still his live panel: should the game move on meanwhile, the question gives way to the new panel.
  ctx.panels.shown(gameId, interaction.user.id, interaction, locale, version, false, true);
  return { game: gameId, action: 'move', outcome: 'asked' };
}

/** "Undo" in a panel: takes back the player's latest move and shows the panel as it stands again. */
export async function handleUndo(ctx: BotContext, interaction: ButtonInteraction, gameId: number, seq: number, locale: Locale, t: Translate): Promise<Handled> {
  ctx.panels.answering(gameId, interaction.user.id);
  const handled = await answerMove(ctx, interaction, await ctx.service.undo(gameId, interaction.user.id, seq), gameId, locale, t);
  return { ...handled, action: 'undo' };
}

/** Answers a move or an undo: the refusal, or the panel after it (and the post it calls for). */
async function answerMove(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  outcome: Awaited<ReturnType<BotContext['service']['act']>>,
  gameId: number,
  locale: Locale,
  t: Translate,
): Promise<Handled> {
  if (!outcome.ok) {
    // An outdated panel is replaced by a fresh one, with the reason on top; nothing changed.
    if (outcome.refusal === 'stale' || outcome.refusal === 'not-your-turn' || outcome.refusal === 'illegal' || outcome.refusal === 'nothing-to-undo') {
      const inPanel = interaction.message.flags.has(MessageFlags.Ephemeral);
      if (inPanel) {
        await showPanel(ctx, interaction, gameId, locale, t, `⚠️ ${t(`refusal.${outcome.refusal}`)}`);
        return { game: gameId, action: 'move', outcome: `refused:${outcome.refusal}` };
      }
    }
    ctx.panels.lost(gameId, interaction.user.id);
    return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, gameId);
  }
  const { game, seat } = outcome.value;
  // The move is made: its post goes out whatever becomes of the answer to the click.
  if (callsForPost(ctx, outcome.value)) void ctx.announcer.post(gameId);
  try {
    await interaction.update(await panelMessage(ctx, game, seat, locale));
  } catch (error) {
    // Never "nothing changed": his next panel tells him the move was made.
    ctx.panels.lost(gameId, interaction.user.id);
    await whenWritable(() => ctx.service.noteUnanswered(gameId, seat, game.row.version));
    ctx.logger.warn({ game: gameId, user: interaction.user.id, err: error }, 'the answer to a move did not reach the player');
    return { game: gameId, action: 'move', outcome: `ok:v${game.row.version}:unanswered` };
  }
  ctx.panels.shown(gameId, interaction.user.id, interaction, locale, game.row.version, true, isHisTurn(game, seat));
  // The log names no card or choice: in games with secret choices the move itself is hidden.
  return { game: gameId, action: 'move', outcome: `ok:v${game.row.version}` };
}
