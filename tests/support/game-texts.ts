import { expect } from 'vitest';
import type { AnyGame } from '../../src/games/define-game.js';
import { catalogueOf, type Locale, type MessageParams, type Translate } from '../../src/i18n/index.js';

/**
 * A translator for `locale` that knows the bot's texts and the game's own (`game.texts`). For the
 * registered games these are the same texts (src/i18n joins them in); a game from outside
 * src/games (the tests' Nim) has its texts only here. An unknown key throws, as `t` does.
 */
export function gameTranslator(game: AnyGame, locale: Locale): Translate {
  const own: Readonly<Record<string, string>> = game.texts[locale];
  const shared: Readonly<Record<string, string>> = catalogueOf(locale);
  return (key, params: MessageParams = {}) => {
    const template = Object.hasOwn(own, key) ? own[key] : shared[key];
    if (template === undefined) throw new Error(`no ${locale} text for ${key}`);
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
  };
}

/** Text a player reads: not empty, no placeholder left unfilled, nothing a program meant to fill. */
export function expectCleanText(text: unknown, where: string, { mayBeEmpty = false } = {}): void {
  expect(typeof text, where).toBe('string');
  const line = text as string;
  if (!mayBeEmpty) expect(line.trim().length, `${where}: empty`).toBeGreaterThan(0);
  expect(line, `${where}: unfilled placeholder`).not.toMatch(/\{\w+\}/);
  expect(line, `${where}: a value that was not there`).not.toMatch(/undefined|NaN|\[object \w+\]/);
}
