/**
 * The conformance suite's checks of a presenter (src/games/presenter.ts) over seeded random games,
 * in every language: panels, the lines of public posts, status lines, alt text and the board.
 */
import { expect } from 'vitest';
import type { Seat } from '../../../src/engine/index.js';
import { boardAltText, MAX_ALT_TEXT } from '../../../src/games/alt-text.js';
import type { AnyGame } from '../../../src/games/define-game.js';
import type { PresentContext } from '../../../src/games/presenter.js';
import { LOCALES, type Locale } from '../../../src/i18n/index.js';
import { expectCleanText, gameTranslator } from '../game-texts.js';
import { expectPanelOffersExactly } from '../panels.js';
import { expectSanePng } from '../png.js';
import { sampleStates, statesOf, type RandomGame } from './random-games.js';

const NAMES = ['Anne', 'Bart', 'Cees', 'Daan', 'Eva', 'Fien'];

/** The players of a table of `seats`, in the game's colours, and a translator for `locale`. */
export function contextFor(game: AnyGame, seats: number, locale: Locale): PresentContext {
  const colours = game.presenter.colours(seats);
  expect(colours).toHaveLength(seats);
  return {
    t: gameTranslator(game, locale),
    players: NAMES.slice(0, seats).map((name, seat) => ({ name, mention: `<@${seat + 1}>`, colour: colours[seat] as string })),
  };
}

const seatsOf = (game: RandomGame): Seat[] => [...Array(game.seats).keys()];

/** The game's name, rules, score and variants read in every language. */
export function expectOwnTexts(game: AnyGame): void {
  const { presenter } = game;
  for (const locale of LOCALES) {
    const { t } = contextFor(game, game.rules.minSeats, locale);
    expectCleanText(t(presenter.name), `${locale} name`);
    expectCleanText(t(presenter.rules), `${locale} rules`);
    expectCleanText(t(presenter.score, { score: 3 }), `${locale} score`);
    for (const variant of presenter.variants) {
      expectCleanText(t(variant.label), `${locale} variant ${variant.value}`);
      expectCleanText(t(variant.about), `${locale} variant ${variant.value}, about`);
    }
  }
}

/** Every seat's panel, whether it is to act or not, offers exactly its legal actions, in words. */
export function expectPanels(game: AnyGame, games: RandomGame[], statesPerGame: number): void {
  const { rules, presenter } = game;
  for (const played of games) {
    for (const locale of LOCALES) {
      const ctx = contextFor(game, played.seats, locale);
      for (const state of sampleStates(played, statesPerGame)) {
        for (const seat of seatsOf(played)) {
          const legal = rules.legalActions(state, seat) as unknown[];
          const panel = presenter.panel(rules.view(state, seat), legal, ctx);
          const where = `${played.seed}, ${locale} panel of seat ${seat}`;
          if (legal.length > 0) expectPanelOffersExactly(panel, legal, ctx.t);
          else
            expect(
              panel.groups.flatMap((group) => group.choices),
              `${where}: choices without actions`,
            ).toEqual([]);
          expectCleanText(panel.text, where);
          for (const group of panel.groups) {
            if (group.kind === 'select') expectCleanText(group.placeholder, `${where}, placeholder`);
            for (const choice of group.choices) {
              expectCleanText(choice.label, `${where}, label`);
              if (choice.description !== undefined) expectCleanText(choice.description, `${where}, description`);
              if (choice.confirm !== undefined) expectCleanText(choice.confirm, `${where}, question`);
            }
          }
        }
      }
    }
  }
}

/**
 * The spectator's events of every step (what the service stores and posts) read as clean lines in
 * every language, as many in each; the rules' `turnEnded` answers; the events of a whole game read as one
 * post too; and the game says something in its posts.
 */
export function expectEventsDescribed(game: AnyGame, games: RandomGame[]): void {
  const { rules, presenter } = game;
  let lines = 0;
  for (const played of games) {
    const contexts = LOCALES.map((locale) => [locale, contextFor(game, played.seats, locale)] as const);
    const all: unknown[] = [];
    for (const [i, { after }] of played.steps.entries()) {
      const events = (rules.view(after, null) as { events: unknown[] }).events;
      all.push(...events);
      expect(typeof rules.turnEnded(events)).toBe('boolean');
      const counts = contexts.map(([locale, ctx]) => {
        const described = presenter.describe(events, ctx);
        described.forEach((line) => expectCleanText(line, `${played.seed} step ${i}, ${locale}: ${JSON.stringify(events)}`));
        return described.length;
      });
      expect(new Set(counts).size, `${played.seed} step ${i}: the languages tell it in different numbers of lines`).toBe(1);
      lines += counts[0] ?? 0;
    }
    for (const [locale, ctx] of contexts) presenter.describe(all, ctx).forEach((line) => expectCleanText(line, `${played.seed}, whole game, ${locale}`));
  }
  expect(lines, 'no step was ever described').toBeGreaterThan(0);
}

/**
 * The status line (for each seat and the spectator), the board's alt text (from the spectator's
 * view, within Discord's limit) and, at the end, each seat's score breakdown read cleanly.
 */
export function expectStatusAndAltText(game: AnyGame, games: RandomGame[], statesPerGame: number): void {
  const { rules, presenter } = game;
  for (const played of games) {
    for (const locale of LOCALES) {
      const ctx = contextFor(game, played.seats, locale);
      for (const state of sampleStates(played, statesPerGame)) {
        for (const viewer of [null, ...seatsOf(played)])
          expectCleanText(presenter.status(rules.view(state, viewer), ctx), `${played.seed}, ${locale} status for ${viewer}`);
        const spectator: unknown = rules.view(state, null);
        for (const line of presenter.altText(spectator, ctx)) expectCleanText(line, `${played.seed}, ${locale} alt text`);
        const alt = boardAltText(presenter, spectator, ctx);
        expectCleanText(alt, `${played.seed}, ${locale} board alt text`);
        expect(alt.length).toBeLessThanOrEqual(MAX_ALT_TEXT);
      }
      const breakdown = presenter.breakdown?.bind(presenter);
      // An empty breakdown is allowed: nothing to add (a player who left, a score that is one number).
      if (breakdown)
        for (const seat of seatsOf(played))
          expectCleanText(breakdown(rules.view(played.end, null), seat, ctx), `${played.seed}, ${locale} breakdown of seat ${seat}`, { mayBeEmpty: true });
    }
  }
}

/**
 * A board mid-game draws as a sane PNG (one per case: drawing is the slow part), and so does it
 * with the turns of the round before (each seat's last run of steps, the view at its end), as a post
 * to a player hands them over.
 */
export async function expectBoardDraws(game: AnyGame, played: RandomGame): Promise<void> {
  const states = statesOf(played);
  const half = Math.floor(states.length / 2);
  const middle = states[half];
  const ctx = contextFor(game, played.seats, 'en');
  expectSanePng(await game.presenter.render(game.rules.view(middle, null), ctx));
  // The steps before the middle state, by turn (a run of one seat's steps), the last turn left to the view.
  const earlier = played.steps
    .slice(0, half)
    .flatMap((step, i, steps) =>
      i + 1 < steps.length && steps[i + 1]?.seat !== step.seat ? [{ seat: step.seat, view: game.rules.view(step.after, null) as unknown }] : [],
    )
    .slice(-(played.seats - 1));
  expectSanePng(await game.presenter.render(game.rules.view(middle, null), ctx, earlier));
}
