/**
 * Test support: what every game's board description (alt text) must be, checked over states
 * reached by random legal play, in both languages:
 * - it fits Discord's 1,024 characters, ends with a whole sentence and reads as plain text (no
 *   Markdown, no emoji);
 * - it names whoever the game waits for (by their names as typed, not escaped for Markdown);
 * - it tells nothing hidden: states that a spectator cannot tell apart (the same spectator view,
 *   made by redrawing every hidden card with the game's `determinize` for each seat in turn) give
 *   the same text, and the redrawn states must differ from the real one now and then, or the
 *   check would prove nothing.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { stateAfter } from '../../src/ai/fairness-testing.js';
import type { AnyGameDefinition } from '../../src/engine/index.js';
import { boardAltText, MAX_ALT_TEXT } from '../../src/games/alt-text.js';
import { games, presenters, type GameId } from '../../src/games/index.js';
import type { PresentContext } from '../../src/games/presenter.js';
import { translator, type Locale } from '../../src/i18n/index.js';

export interface AltTextCase {
  seats: number;
  options: unknown;
  /** Most random steps before the state is looked at. */
  maxSteps: number;
}

/** Players as the bot presents them: one name with a Markdown character, escaped in texts. */
const NAMES = ['Anne', 'Jo*Jo', 'Cees', 'Dirk', 'Eva'];

export function playersContext(gameId: GameId, seats: number, locale: Locale): PresentContext {
  const colours = presenters[gameId].colours(seats);
  return {
    t: translator(locale),
    players: colours.map((colour, seat) => {
      const plain = NAMES[seat] as string;
      return { name: plain.replace(/\*/g, '\\*'), plain, mention: `<@${seat}>`, colour };
    }),
  };
}

/** The description of the board a spectator sees of `state`: what the bot attaches to a board post. */
export function altTextOf(gameId: GameId, state: unknown, locale: Locale = 'en'): string {
  const view = (games[gameId] as AnyGameDefinition).view(state, null) as { seats?: number };
  return boardAltText(presenters[gameId], view, playersContext(gameId, view.seats ?? 2, locale));
}

/** Emoji (the card suits aside, which name cards) and the players' shape marks. */
const PICTURE = /(?![♠♥♦♣])\p{Extended_Pictographic}|\p{Regional_Indicator}|[●■▲◆★]/u;

export function expectSoundAltTexts(gameId: GameId, c: AltTextCase, numRuns = 40): void {
  const def = games[gameId] as AnyGameDefinition;
  const determinize = def.determinize?.bind(def);
  if (!determinize) throw new Error(`${gameId} has no determinize`);
  let differed = 0;
  fc.assert(
    fc.property(
      fc.record({ seed: fc.string({ maxLength: 8 }), steps: fc.integer({ min: 0, max: c.maxSteps }), draw: fc.string({ maxLength: 6 }) }),
      ({ seed, steps, draw }) => {
        const state = stateAfter(def, c, seed, steps);
        for (const locale of ['en', 'nl'] as const) {
          const text = altTextOf(gameId, state, locale);
          expect(text.length).toBeLessThanOrEqual(MAX_ALT_TEXT);
          // Whole sentences only: a description is never cut mid-sentence.
          expect(text).toMatch(/[.!?…]["”’)]*$/);
          expect(text).not.toMatch(/\*\*|~~|<@|\\/);
          expect(text).not.toMatch(PICTURE);
          for (const seat of def.toAct(state)) expect(text, `names seat ${seat}`).toContain(NAMES[seat]);
        }
        const spectator: unknown = def.view(state, null);
        const text = altTextOf(gameId, state);
        for (let seat = 0; seat < c.seats; seat++) {
          const other: unknown = determinize(state, seat, `alt/${draw}/${seat}`);
          expect(def.view(other, null)).toEqual(spectator);
          if (JSON.stringify(other) !== JSON.stringify(state)) differed++;
          expect(altTextOf(gameId, other)).toBe(text);
        }
      },
    ),
    { numRuns },
  );
  expect(differed, 'the redrawn states never differed from the real one').toBeGreaterThan(0);
}
