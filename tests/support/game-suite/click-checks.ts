/**
 * The conformance suite's checks of clicks made on earlier panels (docs/decisions.md, "A click on an
 * earlier panel"): a click is played when what it chose is still legal and its panel still says
 * what it said (src/games/choice-meaning.ts), and refused otherwise. Each check goes through the
 * panel's components as Discord gets them (src/discord/components.ts, custom-id.ts), so what a choice
 * carries is what is judged.
 */
import fc from 'fast-check';
import type { APIActionRowComponent, APIComponentInMessageActionRow } from 'discord.js';
import { expect } from 'vitest';
import { indexOfAction, sameAction, type Seat } from '../../../src/engine/index.js';
import { panelRows } from '../../../src/discord/components.js';
import { decodeChoice, decodeId } from '../../../src/discord/custom-id.js';
import { choiceMeanings, findChoice } from '../../../src/games/choice-meaning.js';
import type { AnyGame } from '../../../src/games/define-game.js';
import type { Panel, PresentContext } from '../../../src/games/presenter.js';
import { LOCALES, type Locale } from '../../../src/i18n/index.js';
import { contextFor } from './presenter-checks.js';
import { isResign, sampleSteps, statesOf, type RandomGame } from './random-games.js';

/** A seat's panel in `state` and the legal actions it was made for (none when he is not to act). */
function panelAt(game: AnyGame, state: unknown, seat: Seat, ctx: PresentContext): { panel: Panel; legal: unknown[] } {
  const legal = game.rules.toAct(state).includes(seat) ? (game.rules.legalActions(state, seat) as unknown[]) : [];
  return { panel: game.presenter.panel(game.rules.view(state, seat), legal, ctx), legal };
}

/** Every move a panel's components send, as the router reads them back: the index and the meaning. */
function clicksOf(rows: APIActionRowComponent<APIComponentInMessageActionRow>[]): { index: number; meaning: string }[] {
  const clicks: { index: number; meaning?: string }[] = [];
  for (const component of rows.flatMap((row) => row.components)) {
    if ('options' in component) for (const option of component.options) clicks.push(decodeChoice(option.value) ?? { index: -1 });
    else if ('custom_id' in component) {
      const id = decodeId(component.custom_id);
      if (id?.kind === 'act' || id?.kind === 'ask') clicks.push(id);
    }
  }
  for (const click of clicks) expect(click.meaning, 'every choice of a panel carries its meaning').toBeDefined();
  return clicks as { index: number; meaning: string }[];
}

/** What a panel says of the choice for the action at `index`: its words and those of its menu. */
function wordsOf(panel: Panel, index: number): unknown {
  const group = panel.groups.find((g) => g.choices.some((c) => c.index === index));
  const choice = group?.choices.find((c) => c.index === index);
  if (!group || !choice) return undefined;
  const { label, description, emoji, confirm } = choice;
  return { text: panel.text, placeholder: group.kind === 'select' ? group.placeholder : '', label, description, emoji, confirm };
}

/**
 * A click made on any earlier panel (any seat to act, any of its choices, any later state up to a
 * dozen steps on, in any language) is played exactly when the action it chose is still legal for
 * that seat and the panel still says what it said of it; then it plays that action (wherever it
 * now stands among the legal ones), and the rules take it.
 */
export function expectEarlierClicksJudged(game: AnyGame, games: RandomGame[], numRuns: number): void {
  const { rules } = game;
  const stateLists = games.map(statesOf);
  let played = 0;
  fc.assert(
    fc.property(fc.nat(), fc.nat(), fc.nat({ max: 12 }), fc.nat(), fc.nat(), fc.constantFrom(...LOCALES), (g, from, later, seatPick, choicePick, locale) => {
      const index = g % games.length;
      const states = stateLists[index] as unknown[];
      const v = from % states.length;
      const w = Math.min(states.length - 1, v + later);
      const seats = rules.toAct(states[v]);
      if (seats.length === 0) return;
      const seat = seats[seatPick % seats.length] as Seat;
      const ctx = contextFor(game, (games[index] as RandomGame).seats, locale);
      const shown = panelAt(game, states[v], seat, ctx);
      const clicks = clicksOf(panelRows(shown.panel, 1, v, ctx.t, null, choiceMeanings(shown.panel, shown.legal)));
      expect(clicks.map((c) => c.index).sort((a, b) => a - b)).toEqual(shown.legal.map((_, i) => i));
      const click = clicks[choicePick % clicks.length];
      if (click === undefined) return;
      const chosen = shown.legal[click.index];
      const now = panelAt(game, states[w], seat, ctx);
      const at = indexOfAction(now.legal, chosen);
      const unchanged = at >= 0 && JSON.stringify(wordsOf(now.panel, at)) === JSON.stringify(wordsOf(shown.panel, click.index));
      const found = findChoice(now.panel, now.legal, click.meaning, click.index);
      if (!unchanged) {
        expect(found, `step ${v} → ${w}, seat ${seat}: a click whose choice changed is refused`).toBeNull();
        return;
      }
      played++;
      expect(found, `step ${v} → ${w}, seat ${seat}: a click whose choice is legal and unchanged is played`).toBe(at);
      expect(sameAction(now.legal[at], chosen)).toBe(true);
      expect(() => rules.apply(states[w], seat, now.legal[at]) as unknown).not.toThrow();
    }),
    // Besides the random runs, a click on the opening panel made at once: a panel that changes at
    // nearly every step (Freibeuter's) would otherwise, now and then, leave the played case untried.
    { numRuns, examples: games.map((_, g): [number, number, number, number, number, Locale] => [g, 0, 0, 0, 0, LOCALES[g % LOCALES.length] as Locale]) },
  );
  expect(played, 'no earlier click was ever played').toBeGreaterThan(0);
}

/**
 * While several seats choose at once, another seat's choice leaves the panel of one still choosing
 * as it was: his click on it is played, whoever chose meanwhile (a player or a bot). A game whose
 * panel tells one still choosing who has chosen would refuse his clicks for nothing.
 */
export function expectOthersLeaveChoicesAlone(game: AnyGame, games: RandomGame[]): void {
  const { rules } = game;
  for (const played of games) {
    const ctx = contextFor(game, played.seats, 'en');
    for (const [i, step] of played.steps.entries()) {
      // Leaving the game is no choice: the others' panels say that he left.
      if (isResign(step.action)) continue;
      const still = rules.toAct(step.before).filter((seat) => seat !== step.seat && rules.toAct(step.after).includes(seat));
      for (const seat of still) {
        const before = panelAt(game, step.before, seat, ctx);
        const after = panelAt(game, step.after, seat, ctx);
        for (const [index, meaning] of choiceMeanings(before.panel, before.legal)) {
          if (indexOfAction(after.legal, before.legal[index]) < 0) continue;
          expect(
            findChoice(after.panel, after.legal, meaning, index),
            `${played.seed} step ${i}: seat ${seat}'s choice ${JSON.stringify(before.legal[index])} after seat ${step.seat} chose`,
          ).not.toBeNull();
        }
      }
    }
  }
}

/**
 * A player's own move changes what his panel says (or ends his turn), so no click on the panel he
 * moved from is played after it: a second click, or one on an older panel, never makes a move twice.
 */
export function expectOwnMoveChangesPanel(game: AnyGame, games: RandomGame[], stepsPerGame: number): void {
  const { rules } = game;
  for (const played of games) {
    const ctx = contextFor(game, played.seats, 'en');
    for (const step of sampleSteps(played, stepsPerGame)) {
      const i = played.steps.indexOf(step);
      if (!rules.toAct(step.after).includes(step.seat)) continue;
      const before = panelAt(game, step.before, step.seat, ctx);
      const after = panelAt(game, step.after, step.seat, ctx);
      for (const [index, meaning] of choiceMeanings(before.panel, before.legal)) {
        expect(
          findChoice(after.panel, after.legal, meaning, index),
          `${played.seed} step ${i}: seat ${step.seat}'s choice ${JSON.stringify(before.legal[index])} still reads the same after his move`,
        ).toBeNull();
      }
    }
  }
}
