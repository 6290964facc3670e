import { describe, expect, it } from 'vitest';
import { altTextOf, expectSoundAltTexts } from '../../../tests/support/alt-text.js';
import { stateAfter } from '../../ai/fairness-testing.js';
import { freibeuter } from './rules.js';

describe('Freibeuter’s board in words (alt text)', () => {
  it.each([2, 4])('fits, names who is to move and tells nothing hidden (%i players)', (seats) => {
    expectSoundAltTexts('freibeuter', { seats, options: {}, maxSteps: 300 });
  });

  it('says whose turn it is, everyone’s points and the turn just ended, never a card drawn', () => {
    const state = stateAfter(freibeuter, { seats: 3, options: {} }, 'alt', 30);
    const text = altTextOf('freibeuter', state);
    expect(text).toMatch(/^Freibeuter board\. Turn \d+, (Anne|Jo\*Jo|Cees) to move/);
    expect(text).toMatch(/Points: Anne -?\d+, Jo\*Jo -?\d+, Cees -?\d+\./);
    expect(text).toMatch(/Last turn: (Anne|Jo\*Jo|Cees) /);
    expect(altTextOf('freibeuter', stateAfter(freibeuter, { seats: 3, options: {} }, 'alt', 0), 'nl')).toMatch(
      /^Spelbord van Freibeuter\. Beurt 1, \S+ is aan zet .+ Punten: Anne 20, Jo\*Jo 20, Cees 20\. Bij het begin: De schijfjes /,
    );
  });

  it('says the boats around each ship and who boarded it, ship by ship, with its place on the sea', () => {
    const state = stateAfter(freibeuter, { seats: 3, options: {} }, 'p', 60);
    const view = freibeuter.view(state as Parameters<typeof freibeuter.view>[0], null);
    const text = altTextOf('freibeuter', state);
    const names = ['Anne', 'Jo*Jo', 'Cees'];
    const boats = new Map(view.fields.map((f) => [f.name, f.boats]));
    let told = 0;
    for (const token of view.tokens) {
      if (token.token?.kind !== 'ship') continue;
      const around = token.fields.flatMap((name) => boats.get(name) ?? []);
      if (around.length === 0 && token.boardedBy === null) continue;
      const at = text.indexOf(`Ship ${token.point + 1} at ${token.label} (${token.token.value}/${token.token.value / 5}): `);
      if (at < 0) break; // a crowded sea loses its last ships, whole, after the last turn
      told++;
      const sentence = text.slice(at, text.indexOf('.', at));
      names.forEach((name, seat) => {
        const count = around.filter((s) => s === seat).length;
        if (count > 1) expect(sentence).toContain(`${name} ${count}`);
        else if (count === 1) expect(sentence).toContain(name);
      });
      if (token.boardedBy !== null) expect(sentence).toContain(`boarded by ${names[token.boardedBy]}`);
    }
    expect(told).toBeGreaterThan(3);
    expect(altTextOf('freibeuter', state, 'nl')).toMatch(/Schip \d+ op [A-G]\d-[A-G]\d \(\d+\/\d\): /);
  });
});
