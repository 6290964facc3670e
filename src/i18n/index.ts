import { en, type Catalogue, type MessageKey } from './en.js';
import { nl } from './nl.js';

export type { Catalogue, MessageKey };

const catalogues = { en, nl } satisfies Record<string, Catalogue>;

export type Locale = keyof typeof catalogues;
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALES = Object.keys(catalogues) as Locale[];

/** Every text of one language. */
export function catalogueOf(locale: Locale): Catalogue {
  return catalogues[locale];
}

/** Picks our locale from a Discord locale such as 'en-US' or 'nl'; unknown ones fall back to English. */
export function localeFrom(discordLocale: string | null | undefined): Locale {
  const base = (discordLocale ?? '').split('-')[0] as Locale;
  return Object.hasOwn(catalogues, base) ? base : DEFAULT_LOCALE;
}

export type MessageParams = Record<string, string | number>;

/** The text of `key` in `locale`, with {placeholders} filled in. */
export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template: string = catalogues[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

const pluralRules = Object.fromEntries(LOCALES.map((l) => [l, new Intl.PluralRules(l)])) as Record<Locale, Intl.PluralRules>;

/**
 * The key of the form of `key` for `count` things in `locale`, by Intl.PluralRules: `key.one` where
 * the language says "one" and the catalogue has that form ("1 game together", "1 potje samen"),
 * otherwise `key` itself.
 */
export function pluralKey(locale: Locale, key: MessageKey, count: number): MessageKey {
  const one = `${key}.one`;
  return pluralRules[locale].select(count) === 'one' && Object.hasOwn(en, one) ? (one as MessageKey) : key;
}

/** The text of `key` for `count` things: its plural form by pluralKey, with {placeholders} filled in. */
export function tn(locale: Locale, key: MessageKey, count: number, params: MessageParams = {}): string {
  return t(locale, pluralKey(locale, key, count), params);
}

/** A number as players read it: a negative one with the minus sign (U+2212), never a hyphen: "−5". */
export function numberText(value: number): string {
  return value < 0 ? `\u2212${String(-value)}` : String(value);
}

/** A change, always signed: "+20", "−5", "±0". */
export function signedText(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? numberText(value) : '±0';
}

/** A translator bound to one locale, handed to code that only needs to produce text. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function translator(locale: Locale): Translate {
  return (key, params) => t(locale, key, params);
}
