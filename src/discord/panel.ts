import { MessageFlags, type ButtonInteraction, type RepliableInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { LoadedGame, SameChoice } from '../service/game-service.js';
import { choiceMeaning, choiceMeanings, findChoice } from '../games/choice-meaning.js';
import type { SeatRow } from '../db/schema.js';
import { localeFrom, translator, type Locale, type Translate } from '../i18n/index.js';
import { confirmRow, panelRows, reopenPanelRow } from './components.js';
import type { BotContext } from './context.js';
import { labelContext, presentContext, presenterOf } from './views/present.js';
import { placeWarning, refuse, type Handled } from './replies.js';
import { whenWritable } from '../service/database-errors.js';
import { callsForPost } from './turn-posts.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

/** Whether the game, running, waits for this seat now. */
export function isHisTurn(game: LoadedGame, seat: number): boolean {
  return game.row.status === 'running' && game.def.toAct(game.state).includes(seat);
}

/**
 * A seat's panel as the presenter makes it: from his view of the game as he may be shown it (his
 * own moves, not the others' that may still be taken back), with the choices of the real game.
 */
async function presentPanel(ctx: BotContext, game: LoadedGame, seat: number, locale: Locale) {
  const presenter = presenterOf(ctx, game.row.gameId);
  const pctx = presentContext(ctx, game, locale);
  const view: unknown = game.def.view((await ctx.service.shownTo(game, seat)).state, seat);
  const legal: unknown[] = isHisTurn(game, seat) ? game.def.legalActions(game.state, seat) : [];
  return { presenter, pctx, view, legal, panel: presenter.panel(view, legal, pctx) };
}

/** A seated player's panel at the game's current version, in the user's language. */
export async function panelMessage(ctx: BotContext, game: LoadedGame, seat: number, locale: Locale, note?: string) {
  const { presenter, pctx, view, legal, panel } = await presentPanel(ctx, game, seat, locale);
  const running = game.row.status === 'running';
  // Labels are not Markdown: where escaping changed a name, they are made again with the names as typed.
  const labelled = labelContext(pctx);
  const labels = labelled === pctx ? panel : presenter.panel(view, legal, labelled);
  const content = [placeWarning(game.row, pctx.t), note, `#${game.row.id} · ${panel.text}`].filter(Boolean).join('\n\n');
  const undoSeq = running ? await ctx.service.undoableMove(game, seat) : null;
  // Each choice carries what it means, so that a click on this panel made after the game moved on is judged by it.
  const components = panelRows(labels, game.row.id, game.row.version, pctx.t, undoSeq, choiceMeanings(panel, legal));
  return { content: fitText(content, DISCORD_LIMITS.content), components, allowedMentions: { parse: [] } };
}

/**
 * How a click made on an earlier panel is judged once the game moved on: the choice of his panel
 * as it is now that says and does what the clicked one did (src/games/choice-meaning.ts). Clicks of
 * panels made before choices carried their meaning are judged by the version alone.
 */
function sameChoiceAs(ctx: BotContext, locale: Locale, index: number, meaning: string | undefined): SameChoice | undefined {
  if (meaning === undefined) return undefined;
  return async (game, seat) => {
    const { panel, legal } = await presentPanel(ctx, game, seat, locale);
    return findChoice(panel, legal, meaning, index);
  };
}

/** What a panel that is no longer the live one shows: one line, and "Open my panel" for a new one below the newest post. */
export function retiredPanelMessage(gameId: number, locale: Locale) {
  const t = translator(locale);
  return { content: `#${gameId} · ${t('panel.retired')}`, components: [reopenPanelRow(gameId, t)], allowed_mentions: { parse: [] as never[] } };
}

/**
 * Shows the panel: a new ephemeral reply, or, when asked from a panel, that panel updated in place.
 * `below`: asked from a panel that is no longer the live one, it is shown anew below the newest post.
 */
export async function showPanel(
  ctx: BotContext,
  interaction: RepliableInteraction,
  gameId: number,
  locale: Locale,
  t: Translate,
  note?: string,
  options: { below?: boolean } = {},
): Promise<Handled> {
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
  const fromPanel = !options.below && interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  let messageId: string;
  // A panel of his being moved meanwhile leaves this one to its answer.
  ctx.panels.answering(gameId, interaction.user.id, interaction.isMessageComponent() ? interaction.message.id : undefined);
  try {
    if (fromPanel) {
      await interaction.update(message);
      messageId = interaction.message.id;
    } else {
      const response = await interaction.reply({ ...message, flags: MessageFlags.Ephemeral, withResponse: true });
      // Where the reply lies in the thread, to tell the posts that land below it; the interaction's id is as new.
      messageId = (response as typeof response | undefined)?.resource?.message?.id ?? interaction.id;
    }
  } catch (error) {
    ctx.panels.lost(gameId, interaction.user.id);
    throw error;
  }
  ctx.panels.shown(gameId, interaction.user.id, interaction, locale, game.row.version, false, isHisTurn(game, seat), messageId);
  return { game: gameId, action: 'panel', outcome: 'ok' };
}

/**
 * A player opens his panel: if the bot had learned that he left the server, he is evidently back,
 * and his seat is his again (the others are told). If the game waits for someone else, whether
 * they are still members is checked meanwhile (src/discord/member-checks.ts: once in ten minutes each).
 */
async function playerAtTable(ctx: BotContext, game: LoadedGame, seated: SeatRow): Promise<{ seated: SeatRow; game: LoadedGame }> {
  const { row } = game;
  if (row.status !== 'running') return { seated, game };
  if (seated.leftAt !== null && !seated.resigned && (await ctx.service.members.back(row.id, seated.userId))) {
    ctx.announcer.notify(row, translator(localeFrom(row.locale))('left.back', { user: `<@${seated.userId}>` }));
    const back = (await ctx.service.load(row.id)) ?? game;
    return { seated: back.seats[seated.seat] ?? seated, game: back };
  }
  if (game.def.toAct(game.state).some((seat) => seat !== seated.seat)) void ctx.members?.checkGame(row.id, row.guildId, seated.userId, false);
  return { seated, game };
}

/**
 * A move chosen in a panel: a button (`index` given) or a select menu (index in the value), with
 * what the choice meant when the panel was shown, if the panel said.
 */
export async function handleMove(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  gameId: number,
  version: number,
  choice: { index: number; meaning?: string },
  locale: Locale,
  t: Translate,
): Promise<Handled> {
  ctx.panels.answering(gameId, interaction.user.id, interaction.message.id);
  const outcome = await ctx.service.act(gameId, interaction.user.id, version, choice.index, sameChoiceAs(ctx, locale, choice.index, choice.meaning));
  return answerMove(ctx, interaction, outcome, gameId, locale, t);
}

/**
 * A move that asks first: the panel shows the presenter's question with Yes (the move, at the
 * game's version) and Back. Nothing changes until Yes. A question asked from an earlier panel is
 * asked when the choice still means the same (see `handleMove`); otherwise it is refused like a move.
 */
export async function askBeforeMove(
  ctx: BotContext,
  interaction: ButtonInteraction,
  gameId: number,
  version: number,
  clicked: { index: number; meaning?: string },
  locale: Locale,
  t: Translate,
): Promise<Handled> {
  ctx.panels.answering(gameId, interaction.user.id, interaction.message.id);
  const game = await ctx.service.load(gameId);
  const seat = game ? ctx.service.seatOf(game, interaction.user.id) : undefined;
  if (game === undefined || seat === undefined || !isHisTurn(game, seat)) return handleMove(ctx, interaction, gameId, version, clicked, locale, t);
  const { pctx, panel, legal } = await presentPanel(ctx, game, seat, locale);
  const index = game.row.version === version ? clicked.index : clicked.meaning === undefined ? null : findChoice(panel, legal, clicked.meaning, clicked.index);
  const group = panel.groups.find((g) => g.choices.some((c) => c.index === index));
  const choice = group?.choices.find((c) => c.index === index);
  if (index === null || group === undefined || !choice?.confirm) return handleMove(ctx, interaction, gameId, version, clicked, locale, t);
  const meaning = choiceMeaning(panel, group, choice, legal[index]);
  await interaction.update({
    content: `#${gameId} · ${choice.confirm}`,
    components: [confirmRow(gameId, game.row.version, index, pctx.t, meaning)],
    allowedMentions: { parse: [] },
  });
  // Still his live panel: should the game move on meanwhile, the question gives way to the new panel.
  ctx.panels.shown(gameId, interaction.user.id, interaction, locale, game.row.version, false, true, interaction.message.id);
  return { game: gameId, action: 'move', outcome: 'asked' };
}

/** "Undo" in a panel: takes back the player's latest move and shows the panel as it stands again. */
export async function handleUndo(ctx: BotContext, interaction: ButtonInteraction, gameId: number, seq: number, locale: Locale, t: Translate): Promise<Handled> {
  ctx.panels.answering(gameId, interaction.user.id, interaction.message.id);
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
  ctx.panels.shown(gameId, interaction.user.id, interaction, locale, game.row.version, true, isHisTurn(game, seat), interaction.message.id);
  // The log names no card or choice: in games with secret choices the move itself is hidden.
  return { game: gameId, action: 'move', outcome: `ok:v${game.row.version}` };
}
