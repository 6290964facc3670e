/**
 * What a choice in a player's panel means, so that a click made on an earlier panel can be judged
 * by what the player saw rather than by the game's version alone (docs/decisions.md, "A click on an
 * earlier panel"). A choice means what its panel said and what it does: the panel's text (the
 * player's own view in words: his hand, his pieces, what he is asked), the choice's own words
 * (label, description, emoji, its menu's placeholder, the question it asks first) and the action
 * it plays, by value. Another player's secret choice or a bot's move that leaves all of that as it
 * was leaves the click's meaning as it was; a change to anything the player read changes it.
 *
 * The meaning travels in the custom id as a short digest: it names nothing the player was not
 * shown, and a forged one can at most make a click play an action legal for him anyway.
 */
import { createHash } from 'node:crypto';
import { actionKey } from '../engine/index.js';
import type { Panel, PanelChoice, PanelGroup } from './presenter.js';

/** Characters of a meaning: 66 bits of SHA-256, in base64url. */
export const MEANING_LENGTH = 11;
const MEANING = new RegExp(`^[A-Za-z0-9_-]{${MEANING_LENGTH}}$`);

/** Whether `text` has the form of a meaning (what a custom id may carry). */
export const isMeaning = (text: string): boolean => MEANING.test(text);

/** The meaning of one choice of `panel`: what the panel said, the choice's words, and `action`, the legal action it plays. */
export function choiceMeaning(panel: Pick<Panel, 'text'>, group: Pick<PanelGroup, 'kind' | 'placeholder'>, choice: PanelChoice, action: unknown): string {
  const words = [
    panel.text,
    group.kind === 'select' ? group.placeholder : '',
    choice.label,
    choice.description ?? '',
    choice.emoji ?? '',
    choice.confirm ?? '',
    actionKey(action),
  ];
  return createHash('sha256').update(JSON.stringify(words)).digest('base64url').slice(0, MEANING_LENGTH);
}

/** The meaning of every choice of `panel`, by its index into `legal` (the seat's legal actions it was made for). */
export function choiceMeanings(panel: Panel, legal: readonly unknown[]): Map<number, string> {
  const meanings = new Map<number, string>();
  for (const group of panel.groups) for (const choice of group.choices) meanings.set(choice.index, choiceMeaning(panel, group, choice, legal[choice.index]));
  return meanings;
}

/**
 * The index of the choice of `panel` (made for `legal`) that means `meaning`, the one at `hint`
 * (where the click's choice stood) looked at first; null when no choice means it any more.
 */
export function findChoice(panel: Panel, legal: readonly unknown[], meaning: string, hint: number): number | null {
  const choices = panel.groups.flatMap((group) => group.choices.map((choice) => ({ group, choice })));
  const at = choices.find(({ choice }) => choice.index === hint);
  const ordered = at === undefined ? choices : [at, ...choices.filter((c) => c !== at)];
  for (const { group, choice } of ordered) {
    if (choice.index < 0 || choice.index >= legal.length) continue;
    if (choiceMeaning(panel, group, choice, legal[choice.index]) === meaning) return choice.index;
  }
  return null;
}
