import { describe, expect, it } from 'vitest';
import { gameCatalogues } from '../games/catalogues.js';
import { en, sharedEn } from './en.js';
import { LOCALES, catalogueOf, localeFrom, numberText, signedText, t, tn, type MessageKey } from './index.js';

const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('message catalogue', () => {
  it('fills placeholders and picks the locale from Discord', () => {
    expect(t('en', 'refusal.not-enough-players', { min: 2 })).toBe('Not enough players yet: this game needs at least 2.');
    expect(localeFrom('en-US')).toBe('en');
    expect(localeFrom('fr')).toBe('en');
    expect(localeFrom(undefined)).toBe('en');
  });

  it('says one thing in the singular in both languages, and a negative number with the minus sign', () => {
    const rival = { player: 'Bob', ahead: 1, behind: 0, level: 0 };
    expect(tn('en', 'profile.rival', 1, { ...rival, met: 1 })).toBe('• Bob: 1 game together, ahead 1, behind 0, level 0');
    expect(tn('en', 'profile.rival', 2, { ...rival, met: 2 })).toBe('• Bob: 2 games together, ahead 1, behind 0, level 0');
    expect(tn('nl', 'profile.rival', 1, { ...rival, met: 1 })).toBe('• Bob: 1 potje samen, 1 keer voor, 0 keer achter, 0 keer gelijk');
    expect(tn('nl', 'profile.rival', 0, { ...rival, met: 0 })).toMatch(/0 potjes samen/);
    expect([numberText(-5), numberText(5), signedText(-5), signedText(20), signedText(0)]).toEqual(['\u22125', '5', '\u22125', '+20', '±0']);
  });

  it('speaks English and Dutch; a Dutch client gets Dutch', () => {
    expect(LOCALES).toEqual(['en', 'nl']);
    expect(localeFrom('nl')).toBe('nl');
  });

  it("keeps each game's texts in its folder, under its own keys, and each key in one place", () => {
    const owns = (game: string, key: string) => key.startsWith(`${game}.`) || key === `game.${game}.name` || key === `rules.${game}`;
    const games = Object.keys(gameCatalogues);
    const gameKeys = Object.entries(gameCatalogues).flatMap(([game, texts]) => Object.keys(texts.en).map((key) => ({ game, key })));
    expect(gameKeys.filter(({ game, key }) => !owns(game, key))).toEqual([]);
    expect(Object.keys(sharedEn).filter((key) => games.some((game) => owns(game, key)))).toEqual([]);
    expect(Object.keys(sharedEn).length + gameKeys.length).toBe(keys.length);
  });

  it.each(LOCALES)('%s has a text for every key, and no key the English catalogue lacks', (locale) => {
    const catalogue = catalogueOf(locale) as Record<string, unknown>;
    // A text may be empty only where the English one is (a part of a sentence that is sometimes left out).
    const missing = keys.filter((key) => typeof catalogue[key] !== 'string' || (catalogue[key].trim() === '' && en[key].trim() !== ''));
    expect(missing).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !(key in en))).toEqual([]);
  });

  it.each(LOCALES)('%s fills exactly the placeholders of the English text', (locale) => {
    const catalogue = catalogueOf(locale);
    const wrong = keys.filter((key) => placeholders(catalogue[key]).join() !== placeholders(en[key]).join());
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)('%s keeps within Discord limits: command names and descriptions, choices, /rules texts', (locale) => {
    const catalogue = catalogueOf(locale);
    for (const key of keys) {
      const text = catalogue[key];
      if (key.startsWith('command.name.')) expect(text, key).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
      else if (key.startsWith('command.')) expect(text.length, key).toBeLessThanOrEqual(100);
      // A /rules text is shown a section at a time: src/discord/commands/rules.test.ts keeps each within an embed.
      if (key.startsWith('rules.')) expect(text.length, key).toBeLessThanOrEqual(4096 * 8);
    }
  });
});
