import { describe, expect, it } from 'vitest';
import { choiceMeaning, choiceMeanings, findChoice, isMeaning, MEANING_LENGTH } from './choice-meaning.js';
import type { Panel } from './presenter.js';

/** A small panel: a text, two buttons and a menu of one, for the actions `legal`. */
const panelOf = (text: string, labels = ['Card 3', 'Card 5', 'Rum']): Panel => ({
  text,
  groups: [
    {
      kind: 'buttons',
      placeholder: '',
      choices: [
        { index: 0, label: labels[0] as string },
        { index: 1, label: labels[1] as string, emoji: '5️⃣' },
      ],
    },
    { kind: 'select', placeholder: 'Or else', choices: [{ index: 2, label: labels[2] as string, description: 'goes anywhere' }] },
  ],
});
const legal = [{ card: 3 }, { card: 5 }, { card: 'rum' }];

describe('what a choice means', () => {
  it('is a short digest a custom id carries, the same for the same panel, choice and action', () => {
    const meanings = choiceMeanings(panelOf('Your hand: 3, 5, rum'), legal);
    expect([...meanings.keys()]).toEqual([0, 1, 2]);
    for (const meaning of meanings.values()) {
      expect(meaning).toHaveLength(MEANING_LENGTH);
      expect(isMeaning(meaning)).toBe(true);
    }
    expect(new Set(meanings.values()).size).toBe(3);
    expect(choiceMeanings(panelOf('Your hand: 3, 5, rum'), legal)).toEqual(meanings);
    // The action's fields in another order are the same action.
    expect(
      choiceMeanings(
        panelOf('Your hand: 3, 5, rum'),
        [{ card: 3 }, { card: 5 }, { card: 'rum' }].map((a) => JSON.parse(JSON.stringify(a)) as unknown),
      ),
    ).toEqual(meanings);
  });

  it("changes with anything the player read: the panel's text, the choice's words, its menu, the action", () => {
    const panel = panelOf('Your hand: 3, 5, rum');
    const [buttons, menu] = panel.groups as [Panel['groups'][number], Panel['groups'][number]];
    const base = choiceMeaning(panel, menu, menu.choices[0] as never, legal[2]);
    const changed = [
      choiceMeaning({ text: 'Your hand: 3, rum' }, menu, menu.choices[0] as never, legal[2]),
      choiceMeaning(panel, { ...menu, placeholder: 'Something else' }, menu.choices[0] as never, legal[2]),
      choiceMeaning(panel, menu, { index: 2, label: 'Rum!', description: 'goes anywhere' }, legal[2]),
      choiceMeaning(panel, menu, { index: 2, label: 'Rum', description: 'goes nowhere' }, legal[2]),
      choiceMeaning(panel, menu, { index: 2, label: 'Rum', description: 'goes anywhere', emoji: '🍺' }, legal[2]),
      choiceMeaning(panel, menu, { index: 2, label: 'Rum', description: 'goes anywhere', confirm: 'Sure?' }, legal[2]),
      choiceMeaning(panel, menu, menu.choices[0] as never, { card: 'rum', forged: true }),
      choiceMeaning(panel, buttons, menu.choices[0] as never, legal[2]),
    ];
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
    // What the panel looks like but does not say stays out: a button's highlight.
    expect(choiceMeaning(panel, buttons, { index: 0, label: 'Card 3', primary: true }, legal[0])).toBe(
      choiceMeaning(panel, buttons, { index: 0, label: 'Card 3' }, legal[0]),
    );
  });

  it('finds the choice meaning the same wherever its action now stands, and none once anything of it changed', () => {
    const then = panelOf('Your hand: 3, 5, rum');
    const meanings = choiceMeanings(then, legal);
    // The same panel: every choice where it was.
    for (const [index, meaning] of meanings) expect(findChoice(then, legal, meaning, index)).toBe(index);
    // The legal actions listed in another order, the panel saying the same: found at their new places.
    const reordered = [legal[2], legal[0], legal[1]];
    const now: Panel = {
      text: then.text,
      groups: [
        {
          kind: 'buttons',
          placeholder: '',
          choices: [
            { index: 1, label: 'Card 3' },
            { index: 2, label: 'Card 5', emoji: '5️⃣' },
          ],
        },
        { kind: 'select', placeholder: 'Or else', choices: [{ index: 0, label: 'Rum', description: 'goes anywhere' }] },
      ],
    };
    expect([0, 1, 2].map((i) => findChoice(now, reordered, meanings.get(i) as string, i))).toEqual([1, 2, 0]);
    // His hand changed: nothing reads as it did.
    for (const [index, meaning] of meanings) expect(findChoice(panelOf('Your hand: 5, rum'), legal, meaning, index)).toBeNull();
    // Card 5 now goes elsewhere: that choice is refused, the others are found.
    const moved = panelOf('Your hand: 3, 5, rum', ['Card 3', 'Card 5 → tavern 2', 'Rum']);
    expect([0, 1, 2].map((i) => findChoice(moved, legal, meanings.get(i) as string, i))).toEqual([0, null, 2]);
    // An action no longer legal is not played, even where the words are the same.
    expect(findChoice(then, [legal[0], { card: 6 }, legal[2]], meanings.get(1) as string, 1)).toBeNull();
  });
});
